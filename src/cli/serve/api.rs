//! The JSON API and the page, answered by `pocket-web` (the same code the page's
//! WebAssembly worker runs, so both back ends answer alike); the server only counts
//! each call's weight against its cores and memory and runs it on a core.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{RawQuery, State};
use axum::http::{StatusCode, Uri};

use super::admission::Peer;
use super::reply::Reply;
use super::shared::Shared;
use super::work::on_a_core;

impl From<pocket_web::Reply> for Reply {
    fn from(r: pocket_web::Reply) -> Reply {
        Reply {
            status: StatusCode::from_u16(r.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
            kind: r.kind,
            body: r.body,
            retry_after: None,
        }
    }
}

/// Every API path and `/census.svg`: the query read into a call, then answered on a
/// core of its weight.
pub(super) async fn api(
    State(shared): State<Arc<Shared>>,
    peer: Option<axum::Extension<Peer>>,
    uri: Uri,
    RawQuery(raw): RawQuery,
) -> Reply {
    let call = match pocket_web::read(uri.path(), raw.as_deref().unwrap_or("")) {
        Ok(call) => call,
        Err(refusal) => return refusal.into(),
    };
    // A census is the same for everyone: not counted against one client's share.
    let client: Option<IpAddr> = match call.per_client() {
        true => peer.map(|p| p.0.0),
        false => None,
    };
    match on_a_core(&shared, call.weight(), client, move |_| call.answer()).await {
        Ok(reply) => reply.into(),
        Err(busy) => busy,
    }
}

/// A file of the page.
pub(super) async fn page(uri: Uri) -> Reply {
    match pocket_web::asset(uri.path()) {
        Some(file) => Reply {
            status: StatusCode::OK,
            kind: file.kind,
            body: file.body,
            retry_after: None,
        },
        None => not_found(uri).await,
    }
}

pub(super) async fn not_found(uri: Uri) -> Reply {
    pocket_web::Reply::error(404, &format!("no such page: {}", uri.path())).into()
}
