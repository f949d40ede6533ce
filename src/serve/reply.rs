//! The API's answers: JSON bodies and errors (a store's error as its status, a stale version
//! with its entity tag; [`ApiError`], what a handler's `?` answers), the version an edit says
//! it was made on (`If-Match`), and the blocking thread every handler's file and engine work
//! runs on.

use std::sync::Arc;

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::store::StoreError;
use crate::core::error::Error;
use crate::ops::to_json;

pub(crate) fn json_response(status: StatusCode, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

pub(crate) fn json_error(status: StatusCode, message: &str) -> Response {
    json_response(status, to_json(&json!({ "error": message })))
}

/// Why a request is refused, as the API answers it: a handler returns `Result<Response,
/// ApiError>` and `?` turns a store's or an operation's error into its answer.
pub(crate) enum ApiError {
    /// A store's error: its status and message ([`store_error`]).
    Store(StoreError),
    /// A status and a message: `{"error": message}` ([`json_error`]).
    Status(StatusCode, String),
    /// An answer made already (a query parameter refused, a list that cannot be opened).
    Answer(Response),
}

impl ApiError {
    pub(crate) fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError::Status(status, message.into())
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        ApiError::Store(e)
    }
}

impl From<Error> for ApiError {
    /// An operation's error, as a store says it (see `StoreError`'s `From<Error>`).
    fn from(e: Error) -> Self {
        ApiError::Store(e.into())
    }
}

impl From<Response> for ApiError {
    fn from(r: Response) -> Self {
        ApiError::Answer(r)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match self {
            ApiError::Store(e) => store_error(e),
            ApiError::Status(status, m) => json_error(status, &m),
            ApiError::Answer(r) => r,
        }
    }
}

/// `r` with the version of what it answers as its `ETag` (when it can be a header).
pub(crate) fn tagged(mut r: Response, version: &str) -> Response {
    if let Ok(v) = HeaderValue::from_str(version) {
        r.headers_mut().insert(header::ETAG, v);
    }
    r
}

pub(crate) fn store_error(e: StoreError) -> Response {
    match e {
        StoreError::BadName(m) => json_error(StatusCode::BAD_REQUEST, &m),
        StoreError::NotFound(m) => json_error(StatusCode::NOT_FOUND, &m),
        StoreError::Exists(m) => json_error(StatusCode::CONFLICT, &m),
        StoreError::Stale { current, noun } => {
            let r = json_response(
                StatusCode::PRECONDITION_FAILED,
                to_json(&json!({
                    "error": format!("the {noun} changed on disk since you opened it (in another tab or device, or by the command line): reload it and make the edit again"),
                    "version": current,
                })),
            );
            tagged(r, &current)
        }
        StoreError::NoVersion => json_error(
            StatusCode::PRECONDITION_REQUIRED,
            "this edit does not say which version of the list it was made on: reload the list and make it again",
        ),
        StoreError::Refused(m) | StoreError::Unreadable(m) => {
            json_error(StatusCode::UNPROCESSABLE_ENTITY, &m)
        }
        StoreError::Io(m) => json_error(StatusCode::INTERNAL_SERVER_ERROR, &m),
    }
}

/// Runs `f` on a blocking thread (files, locks, the engine), at most one per core at a time:
/// requests wait their turn in arrival order (the semaphore is fair) instead of sharing the
/// cores among dozens of threads, so that under load every request waits about as long as the
/// others and none starves (the load test's p99).
///
/// The turn is held by the work itself, not by the request: a client that leaves while its
/// work runs does not free a turn for another request's work before its own ends, so at most
/// twice the cores' requests are ever worked on at once, whoever is still listening.
pub(crate) async fn blocking<R: IntoResponse>(f: impl FnOnce() -> R + Send + 'static) -> Response {
    static WORK: std::sync::OnceLock<Arc<tokio::sync::Semaphore>> = std::sync::OnceLock::new();
    let work = WORK.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Arc::new(tokio::sync::Semaphore::new(cores * 2))
    });
    let Ok(turn) = work.clone().acquire_owned().await else {
        return json_error(StatusCode::SERVICE_UNAVAILABLE, "muster serve is stopping");
    };
    tokio::task::spawn_blocking(move || {
        let r = f().into_response();
        drop(turn);
        r
    })
    .await
    .unwrap_or_else(|_| {
        json_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the request failed inside muster (a bug: please report it with the list)",
        )
    })
}

pub(crate) fn if_match(headers: &HeaderMap) -> Option<String> {
    headers
        .get(header::IF_MATCH)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
}
