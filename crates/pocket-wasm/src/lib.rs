//! The page's back end in the browser: `pocket-web` built to WebAssembly, called by
//! the page's worker (`crates/pocket-web/site/worker.js`) with the same paths and
//! queries `pocket serve` answers, so the page is the same with either back end.
//!
//! The protocol is plain memory: the worker copies a request (`/api/solve?state=...`)
//! into a buffer from [`pocket_alloc`], calls [`pocket_get`], which answers the HTTP
//! status and keeps the reply (its content type, a newline, its body) for
//! [`pocket_reply_ptr`] and [`pocket_reply_len`] to read.

#![cfg(target_arch = "wasm32")]

use std::cell::RefCell;

thread_local! {
    /// The last reply: the content type, a newline, the body.
    static REPLY: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

#[link(wasm_import_module = "env")]
unsafe extern "C" {
    /// Fills `len` bytes at `ptr` from `crypto.getRandomValues` (the worker's glue).
    fn pocket_random(ptr: *mut u8, len: usize);
}

/// getrandom's custom backend (`--cfg getrandom_backend="custom"`, set for this target
/// in .cargo/config.toml): the browser's `crypto.getRandomValues`, which seeds
/// random-state scrambles and ahash's keys.
///
/// # Safety
/// `dest` is valid for `len` bytes, as getrandom promises.
#[unsafe(no_mangle)]
unsafe extern "Rust" fn __getrandom_v03_custom(
    dest: *mut u8,
    len: usize,
) -> Result<(), getrandom::Error> {
    // SAFETY: getrandom hands a writable buffer of `len` bytes.
    unsafe { pocket_random(dest, len) };
    Ok(())
}

/// A buffer of `len` bytes for the worker to write a request into.
#[unsafe(no_mangle)]
pub extern "C" fn pocket_alloc(len: usize) -> *mut u8 {
    let mut buf = Vec::<u8>::with_capacity(len.max(1));
    let ptr = buf.as_mut_ptr();
    std::mem::forget(buf);
    ptr
}

/// Gives back a buffer from [`pocket_alloc`].
///
/// # Safety
/// `ptr` and `len` are those of one [`pocket_alloc`] call, freed once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pocket_free(ptr: *mut u8, len: usize) {
    // SAFETY: the caller hands back what pocket_alloc gave, with its capacity.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len.max(1)) });
}

/// Answer the request of `len` bytes at `ptr` (a path, then `?` and the query): the
/// HTTP status; the reply waits for [`pocket_reply_ptr`].
///
/// # Safety
/// `ptr` is valid for `len` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pocket_get(ptr: *const u8, len: usize) -> u32 {
    // SAFETY: the worker wrote `len` bytes at `ptr`, a buffer of pocket_alloc.
    let request = unsafe { std::slice::from_raw_parts(ptr, len) };
    let request = String::from_utf8_lossy(request);
    let (path, query) = request.split_once('?').unwrap_or((&request, ""));
    let reply = match pocket_web::read(path, query) {
        Ok(call) => call.answer(),
        Err(refusal) => refusal,
    };
    REPLY.with_borrow_mut(|out| {
        out.clear();
        out.extend_from_slice(reply.kind.as_bytes());
        out.push(b'\n');
        out.extend_from_slice(reply.body.as_bytes());
    });
    u32::from(reply.status)
}

/// Where the last reply starts.
#[unsafe(no_mangle)]
pub extern "C" fn pocket_reply_ptr() -> *const u8 {
    REPLY.with_borrow(|out| out.as_ptr())
}

/// How long the last reply is.
#[unsafe(no_mangle)]
pub extern "C" fn pocket_reply_len() -> usize {
    REPLY.with_borrow(Vec::len)
}
