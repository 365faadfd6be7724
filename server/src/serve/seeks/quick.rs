//! Quick pairing: a seek that pairs itself with the closest compatible
//! quick seek, each one's rating inside the other's range, the ranges
//! widening the longer they wait ([`Seek::accepts`]). Asked when the seek
//! is made, and again each time its seeker's page asks after it.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use super::super::accounts::{answer, store};
use super::super::body::{Body, Refusal};
use super::super::saved::SeatAccount;
use super::super::table::now_ms;
use super::pair::pair;
use super::{check, open_seeks, post_seek, Seek, SeekBody, Seeks};

/// The closest compatible open quick seek to `seek` (each one's rating in
/// the other's widened range), taken with it: the table's id.
pub(super) async fn quick_match(
    seeks: &Seeks,
    seek: &Seek,
    text: &str,
) -> Result<Option<String>, Refusal> {
    let now = now_ms();
    let open = store(open_seeks(seeks).await)?;
    let mut candidates: Vec<&(Seek, String)> = open
        .iter()
        .filter(|(other, _)| {
            other.quick
                && other.id != seek.id
                && other.account != seek.account
                && other.same_game(seek)
                && other.accepts(seek.rating, now)
                && seek.accepts(other.rating, now)
        })
        .collect();
    candidates.sort_by(|a, b| {
        let d = |s: &Seek| (s.rating - seek.rating).abs();
        d(&a.0).total_cmp(&d(&b.0)).then(a.0.since.cmp(&b.0.since))
    });
    for (other, other_text) in candidates {
        // The one waiting longer sits first.
        let (first, second) = if other.since <= seek.since {
            ((other, other_text.as_str()), (seek, text))
        } else {
            ((seek, text), (other, other_text.as_str()))
        };
        let taker = SeatAccount {
            id: second.0.account.clone(),
            name: second.0.name.clone(),
        };
        if let Some(table) = pair(seeks, first, &taker, Some(second)).await? {
            return Ok(Some(table));
        }
    }
    Ok(None)
}

pub(super) async fn quick(
    State(seeks): State<Seeks>,
    headers: HeaderMap,
    body: Result<Body<SeekBody>, Refusal>,
) -> Response {
    answer(
        async {
            let account = seeks.asker(&headers).await?;
            let Body(body) = body?;
            let seek = Seek {
                quick: true,
                ..check(&body, &account)?
            };
            post_seek(&seeks, &seek).await?;
            let text = store(serde_json::to_string(&seek).map_err(|e| e.to_string()))?;
            let table = quick_match(&seeks, &seek, &text).await?;
            Ok((
                StatusCode::CREATED,
                Json(json!({ "id": seek.id, "table": table })),
            )
                .into_response())
        }
        .await,
    )
}

#[cfg(test)]
mod tests {
    use super::super::{Seek, WIDEN_EVERY_MS};

    fn seek(rating: f64, min: Option<u32>, max: Option<u32>, quick: bool) -> Seek {
        Seek {
            id: "s".into(),
            account: "a".into(),
            name: "ana".into(),
            rating,
            shown: String::new(),
            game: "othello".into(),
            size: 8,
            clock: super::super::clock::DEFAULT,
            rated: true,
            min,
            max,
            quick,
            since: 1_000_000,
            to: None,
            to_name: None,
        }
    }

    #[test]
    fn a_seek_kept_before_challenges_reads_as_a_seek_and_a_challenge_keeps_its_person() {
        let mut kept = serde_json::to_value(seek(1500.0, None, None, false)).unwrap();
        assert!(kept.get("to").is_none());
        kept.as_object_mut().unwrap().remove("to_name");
        let read: Seek = serde_json::from_value(kept).unwrap();
        assert_eq!(read.to, None);
        let mut challenge = seek(1500.0, None, None, false);
        challenge.to = Some("b".into());
        challenge.to_name = Some("bruno".into());
        let text = serde_json::to_string(&challenge).unwrap();
        assert_eq!(serde_json::from_str::<Seek>(&text).unwrap(), challenge);
    }

    #[test]
    fn a_quick_seeks_range_widens_as_it_waits() {
        let s = seek(1500.0, Some(1400), Some(1600), true);
        assert!(s.accepts(1600.0, 1_000_000));
        assert!(!s.accepts(1640.0, 1_000_000));
        assert!(!s.accepts(1640.0, 1_000_000 + WIDEN_EVERY_MS - 1));
        assert!(s.accepts(1640.0, 1_000_000 + WIDEN_EVERY_MS));
        assert!(s.accepts(1300.0, 1_000_000 + 2 * WIDEN_EVERY_MS));
        let fixed = seek(1500.0, Some(1400), Some(1600), false);
        assert!(!fixed.accepts(1640.0, 1_000_000 + 60 * WIDEN_EVERY_MS));
        assert!(seek(1500.0, None, None, false).accepts(3000.0, 0));
    }
}
