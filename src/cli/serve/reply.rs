//! An answer of the server: a status, a content type and a body; an error is a JSON
//! object with an `error` field.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// An answer: a status and a body of some type.
pub(super) struct Reply {
    pub(super) status: StatusCode,
    pub(super) kind: &'static str,
    pub(super) body: String,
    /// Seconds after which a refused request may be sent again (`Retry-After`).
    pub(super) retry_after: Option<u32>,
}

pub(super) const JSON: &str = "application/json";
pub(super) const SVG: &str = "image/svg+xml";

impl Reply {
    /// An error answer: an object with the message, in the query's words.
    pub(super) fn error(status: StatusCode, message: &str) -> Reply {
        Reply {
            status,
            kind: JSON,
            body: serde_json::json!({ "error": message }).to_string(),
            retry_after: None,
        }
    }

    /// A refusal for now, not of the request itself: try again after `seconds`.
    pub(super) fn busy(status: StatusCode, message: &str, seconds: u32) -> Reply {
        Reply {
            retry_after: Some(seconds),
            ..Reply::error(status, message)
        }
    }
}

impl IntoResponse for Reply {
    fn into_response(self) -> Response {
        let mut r = (self.status, self.body).into_response();
        r.headers_mut()
            .insert(header::CONTENT_TYPE, HeaderValue::from_static(self.kind));
        if let Some(seconds) = self.retry_after {
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        r
    }
}
