//! The web page and its JSON API, with no server in it: a path and a query in, a
//! [`Reply`] out. `pocket serve` reads a query with [`read`], counts its
//! [`Call::weight`] against its cores and memory, and runs [`Call::answer`] on a core;
//! the page's WebAssembly worker (`crates/pocket-wasm`) does the same in the browser.
//! One page, two back ends, the same answers byte for byte.

mod api;
mod page;
mod query;

pub use api::{Call, MAX_LISTED, MAX_QUERY, Weight, read};
pub use page::{Asset, PATHS, asset, model_js};
pub use query::query_bytes;

/// The content type of a JSON answer.
pub const JSON: &str = "application/json";
/// The content type of a picture.
pub const SVG: &str = "image/svg+xml";

/// An answer: an HTTP status, a content type and a body. An error is a JSON object
/// with an `error` field, worded as the query is (`seed=`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub status: u16,
    pub kind: &'static str,
    pub body: String,
}

impl Reply {
    /// A JSON answer.
    pub fn json(body: String) -> Reply {
        Reply {
            status: 200,
            kind: JSON,
            body,
        }
    }

    /// An error answer: an object with the message.
    pub fn error(status: u16, message: &str) -> Reply {
        Reply {
            status,
            kind: JSON,
            body: serde_json::json!({ "error": message }).to_string(),
        }
    }
}
