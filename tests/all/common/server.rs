//! A running `pocket serve` for the tests that talk to it, and a plain HTTP/1.1
//! client over loopback (requests are sent as written, so `..` reaches the server).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `pocket serve --port 0`, stopped when dropped.
pub struct Server {
    pub child: Child,
    pub port: u16,
    /// `http://127.0.0.1:PORT`, without the final slash.
    pub url: String,
}

impl Server {
    pub fn start() -> Server {
        Server::with_args(&[])
    }

    /// `pocket serve --port 0 ARGS`.
    pub fn with_args(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pocket"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start pocket serve");
        let mut line = String::new();
        BufReader::new(child.stdout.as_mut().expect("stdout"))
            .read_line(&mut line)
            .expect("the address");
        assert!(line.starts_with("http://127.0.0.1:"), "{line}");
        let url = line.trim().trim_end_matches('/').to_string();
        let port = url
            .rsplit(':')
            .next()
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("an address on stdout, got {line:?}"));
        Server { child, port, url }
    }

    /// GET a request target: the status and the body.
    pub fn get(&self, target: &str) -> (u16, String) {
        request(self.port, "GET", target)
    }

    pub fn request(&self, method: &str, target: &str) -> (u16, String) {
        request(self.port, method, target)
    }

    /// The head of an answer, lower-cased.
    pub fn headers(&self, target: &str) -> String {
        exchange(self.port, "GET", target).0.to_lowercase()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One request on its own connection: the answer's head and body.
fn exchange(port: u16, method: &str, target: &str) -> (String, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(60))).ok();
    write!(
        s,
        "{method} {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )
    .expect("send");
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).expect("answer");
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").expect("head and body");
    (head.to_string(), body.to_string())
}

/// One request on its own connection: the status and the body.
pub fn request(port: u16, method: &str, target: &str) -> (u16, String) {
    let (head, body) = exchange(port, method, target);
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .expect("status");
    (status, body)
}

#[cfg(unix)]
/// A connection to 127.0.0.1:`port` from the loopback address `from`.
pub fn connect_from(from: [u8; 4], port: u16) -> std::io::Result<TcpStream> {
    let address = |ip: [u8; 4], port: u16| libc::sockaddr_in {
        sin_family: libc::AF_INET as libc::sa_family_t,
        sin_port: port.to_be(),
        sin_addr: libc::in_addr {
            s_addr: u32::from_ne_bytes(ip),
        },
        sin_zero: [0; 8],
    };
    let size = std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t;
    // SAFETY: a new socket, bound and connected with addresses that live on the stack
    // for the calls; on failure it is closed before the error is returned.
    unsafe {
        let fd = libc::socket(libc::AF_INET, libc::SOCK_STREAM | libc::SOCK_CLOEXEC, 0);
        if fd < 0 {
            return Err(std::io::Error::last_os_error());
        }
        let (source, target) = (address(from, 0), address([127, 0, 0, 1], port));
        let failed = libc::bind(fd, (&raw const source).cast(), size) != 0
            || libc::connect(fd, (&raw const target).cast(), size) != 0;
        if failed {
            let e = std::io::Error::last_os_error();
            libc::close(fd);
            return Err(e);
        }
        Ok(std::os::fd::FromRawFd::from_raw_fd(fd))
    }
}
