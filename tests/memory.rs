//! Peak memory of the real binary on large input. One test per file, and input
//! streamed from small buffers: the figure read is the largest resident size among
//! this process's children, which at fork time includes the test process itself.

use std::io::Write;
use std::process::{Command, Stdio};

fn peak_child_rss_kb() -> i64 {
    // SAFETY: getrusage fills the struct we pass and touches nothing else.
    unsafe {
        let mut u: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut u);
        u.ru_maxrss
    }
}

/// Run `pocket solve` on `chunks()` streamed to its input; its exit code.
fn run_streamed(chunks: impl Iterator<Item = Vec<u8>> + Send + 'static) -> Option<i32> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pocket"))
        .arg("solve")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        for chunk in chunks {
            if stdin.write_all(&chunk).is_err() {
                break;
            }
        }
    });
    let status = child.wait().unwrap();
    writer.join().unwrap();
    status.code()
}

#[test]
fn memory_stays_bounded() {
    let before = peak_child_rss_kb();
    // A 100 MB line without a newline, 64 KiB at a time.
    let code = run_streamed((0..1600).map(|_| vec![b'x'; 64 * 1024]));
    assert_eq!(code, Some(1));
    let peak = peak_child_rss_kb();
    assert!(
        peak < 16 * 1024,
        "a 100 MB line: peak {peak} KB (before: {before} KB)"
    );
    // 200,000 valid states with the default method.
    let code = run_streamed((0..200u32).map(|k| {
        let mut chunk = Vec::new();
        for i in 0..1000u32 {
            let c = pocket::Coord::new((k * 1000 + i) * 17 % pocket::model::POSITIONS)
                .unwrap()
                .cube();
            chunk.extend_from_slice(c.stickers().as_str().as_bytes());
            chunk.push(b'\n');
        }
        chunk
    }));
    assert_eq!(code, Some(0));
    let peak = peak_child_rss_kb();
    assert!(peak < 64 * 1024, "200,000 states: peak {peak} KB");
}
