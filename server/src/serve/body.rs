//! The API's JSON request bodies: one extractor for every route, whose
//! refusals are the API's own `{"code", "message"}` with a 4xx status, never
//! a framework's plain text. docs/server.md lists the codes.
//!
//! | what is wrong | status | code |
//! | --- | --- | --- |
//! | no `Content-Type: application/json` | 415 | `bad-content-type` |
//! | over [`MAX_BODY`] bytes | 413 | `too-large` |
//! | not JSON (syntax, empty, trailing bytes) | 400 | `bad-json` |
//! | a field the body names with its own code, of a wrong type or value | 400 | that code (`bad-clock` …) |
//! | any other shape (not an object, an unknown or missing field) | 400 | `bad-body` |

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::de::DeserializeOwned;
use serde_path_to_error::Segment;

/// The largest body an API route reads; a new table's settings are tens of bytes.
pub const MAX_BODY: usize = 4 * 1024;

/// A body an API route reads.
pub trait ApiBody: DeserializeOwned {
    /// The refusal (code, message) of a bad value in the top-level `field`,
    /// where that field has a code of its own.
    fn field_refusal(field: &str) -> Option<(&'static str, &'static str)>;
}

/// An API refusal: a 4xx or 5xx status and `{"code", "message"}`.
#[derive(Debug)]
pub struct Refusal {
    /// The HTTP status.
    pub status: StatusCode,
    /// The stable code a page can act on.
    pub code: &'static str,
    /// A sentence for people.
    pub message: String,
}

impl Refusal {
    /// A refusal with a 400 status.
    pub fn bad(code: &'static str, message: impl Into<String>) -> Refusal {
        Refusal {
            status: StatusCode::BAD_REQUEST,
            code,
            message: message.into(),
        }
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        (
            self.status,
            Json(serde_json::json!({ "code": self.code, "message": self.message })),
        )
            .into_response()
    }
}

/// The empty body `{}` of a route that needs nothing more (a route that
/// changes state is still a `POST` with a JSON body).
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Nothing {}

impl ApiBody for Nothing {
    fn field_refusal(_: &str) -> Option<(&'static str, &'static str)> {
        None
    }
}

/// A route's JSON body, or the route's refusal of it.
pub struct Body<T>(pub T);

impl<T: ApiBody, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = Refusal;

    async fn from_request(request: Request, state: &S) -> Result<Self, Refusal> {
        if !says_json(request.headers()) {
            return Err(Refusal {
                status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
                code: "bad-content-type",
                message: "the body is JSON, sent with Content-Type: application/json".into(),
            });
        }
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(|rejection| {
                if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                    Refusal {
                        status: StatusCode::PAYLOAD_TOO_LARGE,
                        code: "too-large",
                        message: format!("the body is over {MAX_BODY} bytes"),
                    }
                } else {
                    Refusal::bad("bad-json", "the body could not be read")
                }
            })?;
        read::<T>(&bytes).map(Body)
    }
}

/// Whether the request says its body is JSON (`application/json`, with or
/// without parameters, or a `+json` type).
fn says_json(headers: &HeaderMap) -> bool {
    let Some(value) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = value
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// The body read as `T`, or the refusal that says what is wrong with it.
fn read<T: ApiBody>(bytes: &[u8]) -> Result<T, Refusal> {
    let mut reader = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize::<_, T>(&mut reader).map_err(|e| {
        if !e.inner().is_data() {
            return Refusal::bad("bad-json", format!("the body is not JSON: {}", e.inner()));
        }
        let field = match e.path().iter().next() {
            Some(Segment::Map { key }) => T::field_refusal(key),
            _ => None,
        };
        match field {
            Some((code, message)) => Refusal::bad(code, message),
            None => Refusal::bad(
                "bad-body",
                format!("the body is not what this route reads: {}", e.inner()),
            ),
        }
    })?;
    reader
        .end()
        .map_err(|e| Refusal::bad("bad-json", format!("the body is not JSON: {e}")))?;
    // serde reads a struct from an array too (`["x"]` as `{"name":"x"}`):
    // a body is an object.
    if bytes.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
        return Err(Refusal::bad("bad-body", "the body is a JSON object"));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Sample {
        name: String,
        #[serde(default)]
        count: Option<u32>,
    }

    impl ApiBody for Sample {
        fn field_refusal(field: &str) -> Option<(&'static str, &'static str)> {
            (field == "count").then_some(("bad-count", "the count is a whole number"))
        }
    }

    fn code(body: &str) -> &'static str {
        read::<Sample>(body.as_bytes()).unwrap_err().code
    }

    #[test]
    fn each_fault_has_its_code() {
        let sample = read::<Sample>(br#"{"name":"x","count":3}"#).unwrap();
        assert_eq!((sample.name.as_str(), sample.count), ("x", Some(3)));
        let sample = read::<Sample>(b" {\"name\":\"y\"} \n").unwrap();
        assert_eq!((sample.name.as_str(), sample.count), ("y", None));
        for junk in ["", "{", "{\"name\":", "nope", r#"{"name":"x"} trailing"#] {
            assert_eq!(code(junk), "bad-json", "{junk:?}");
        }
        for shape in [
            "[]",
            r#"["x", 3]"#,
            "5",
            "null",
            "{}",
            r#"{"name":5}"#,
            r#"{"name":"x","other":1}"#,
        ] {
            assert_eq!(code(shape), "bad-body", "{shape:?}");
        }
        for count in ["-5", "1.5", "\"3\"", "4294967296", "[]"] {
            let body = format!(r#"{{"name":"x","count":{count}}}"#);
            assert_eq!(code(&body), "bad-count", "{body}");
        }
    }

    #[test]
    fn json_content_types() {
        let says = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::CONTENT_TYPE, value.parse().unwrap());
            says_json(&headers)
        };
        assert!(says("application/json"));
        assert!(says("Application/JSON; charset=utf-8"));
        assert!(says("application/problem+json"));
        assert!(!says("text/plain"));
        assert!(!says("application/jsonx"));
        assert!(!says_json(&HeaderMap::new()));
    }
}
