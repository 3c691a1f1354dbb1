//! The guard of every request: only this machine's names in `Host` (DNS
//! rebinding), and the security headers of every answer.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::reply::{Reply, SVG};
use super::shared::Shared;

/// The names answered in a `Host` header, with any port, beside the `--host` address.
const LOCAL_NAMES: [&str; 3] = ["localhost", "127.0.0.1", "[::1]"];

/// Headers on every answer: nothing is fetched from another host, nothing is sniffed,
/// and the API's answers are not cached.
pub(super) async fn harden(mut r: Response) -> Response {
    let h = r.headers_mut();
    // The chart carries its own style sheet; it runs nothing.
    let svg = h.get(header::CONTENT_TYPE) == Some(&HeaderValue::from_static(SVG));
    let policy = if svg {
        "default-src 'none'; style-src 'unsafe-inline'"
    } else {
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; \
         frame-ancestors 'none'"
    };
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(policy),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// The name part of a `Host` header (`[::1]` of `[::1]:8080`), if it is well formed.
fn host_name(host: &str) -> Option<&str> {
    let end = if host.starts_with('[') {
        host.find(']')? + 1
    } else {
        host.find(':').unwrap_or(host.len())
    };
    let (name, port) = host.split_at(end);
    let port_ok = port.is_empty()
        || port
            .strip_prefix(':')
            .is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    (port_ok && !name.is_empty()).then_some(name)
}

/// Whether a `Host` header names this machine: a page of another site can reach
/// 127.0.0.1 under its own name by DNS rebinding, and the name it must send gives it
/// away. On every network (`--host 0.0.0.0`) any address is answered too: a
/// rebinding page sends a name, never an address.
pub(super) fn host_allowed(host: &str, configured: IpAddr) -> bool {
    let Some(name) = host_name(host) else {
        return false;
    };
    let name = name.to_ascii_lowercase();
    if LOCAL_NAMES.contains(&name.as_str()) {
        return true;
    }
    let bare = name
        .strip_prefix('[')
        .and_then(|n| n.strip_suffix(']'))
        .unwrap_or(&name);
    // An IPv6 address is written in brackets, an IPv4 one without.
    match bare.parse::<IpAddr>() {
        Ok(ip) if ip.is_ipv6() != name.starts_with('[') => false,
        Ok(ip) => ip == configured || configured.is_unspecified(),
        Err(_) => false,
    }
}

/// Refuse a request whose `Host` (or absolute request target) is not this machine's.
pub(super) async fn check_host(
    State(shared): State<Arc<Shared>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    // RFC 9112, section 3.2: a request with more than one Host header gets a 400
    // (which one would be believed?).
    if request.headers().get_all(header::HOST).iter().count() > 1 {
        return Reply::error(
            StatusCode::BAD_REQUEST,
            "the request has more than one Host header: give one",
        )
        .into_response();
    }
    let host = match request.uri().authority() {
        Some(a) => Some(a.as_str().to_string()),
        None => request
            .headers()
            .get(header::HOST)
            .map(|h| String::from_utf8_lossy(h.as_bytes()).into_owned()),
    };
    match host {
        Some(h) if host_allowed(&h, shared.host) => next.run(request).await,
        Some(h) => Reply::error(
            StatusCode::MISDIRECTED_REQUEST,
            &format!(
                "this server answers to {}, not to the Host '{h}' (a page of another site \
                 must not reach it)",
                answered_names(shared.host)
            ),
        )
        .into_response(),
        None => Reply::error(
            StatusCode::MISDIRECTED_REQUEST,
            "the request has no Host header: give localhost or the address you connect to",
        )
        .into_response(),
    }
}

/// The names [`host_allowed`] answers, for a message.
fn answered_names(configured: IpAddr) -> String {
    let mut names: Vec<String> = LOCAL_NAMES.iter().map(|n| n.to_string()).collect();
    let own = match configured {
        _ if configured.is_unspecified() => "any IP address".to_string(),
        IpAddr::V6(ip) => format!("[{ip}]"),
        IpAddr::V4(ip) => ip.to_string(),
    };
    if !names.contains(&own) {
        names.push(own);
    }
    names.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_names_of_this_machine_only() {
        let local = IpAddr::from([127, 0, 0, 1]);
        let lan = IpAddr::from([192, 168, 1, 5]);
        let every = IpAddr::from([0, 0, 0, 0]);
        for host in [
            "localhost",
            "LOCALHOST:8080",
            "127.0.0.1:1",
            "[::1]",
            "[::1]:80",
        ] {
            assert!(host_allowed(host, local), "{host}");
        }
        for host in [
            "evil.example",
            "localhost.evil.example:8080",
            "127.0.0.1:",
            "127.0.0.1:x",
            "[::1",
            "::1",
            "[127.0.0.1]",
            "",
            ":8080",
            "192.168.1.5:8080",
        ] {
            assert!(!host_allowed(host, local), "{host}");
        }
        assert!(host_allowed("192.168.1.5:8080", lan));
        assert!(!host_allowed("192.168.1.6", lan));
        // Every network: any address, still no name.
        assert!(host_allowed("10.0.0.7:8080", every));
        assert!(host_allowed("[fe80::1]:8080", every));
        assert!(!host_allowed("pocket.lan:8080", every));
    }
}
