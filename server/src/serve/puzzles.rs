//! Puzzles over HTTP: the set the site ships (`www/puzzle/puzzles.txt`
//! under the served root, read once at start-up), each puzzle without its
//! answer, the next one near a person's rating, a streak's next harder one,
//! the day's puzzle, and a signed-in person's attempts, judged again here by
//! the library's solver and rated (Glicko-2, [`virada::puzzle::rate_attempt`])
//! in the accounts' store (SQLite or Redis), so they survive a restart and
//! are shared by several servers.
//!
//! | method and path | body | answer |
//! | --- | --- | --- |
//! | `GET /api/puzzles/{id}` | — | `{"id", "obf", "side", "rating", "deviation", "shown", "themes", "empties", "moves"}` (never the answer); 400 `bad-puzzle-id`; 404 `no-puzzle` |
//! | `GET /api/puzzles/next?rating=R&above=R&skip=ID,ID` | — | a puzzle as above: nearest `rating` (a signed-in person's own puzzle rating when none is given; 1500 otherwise), or with `above` the easiest rated above it (a streak), none of `skip` nor, signed in, of those attempted; 400 `bad-rating`, `bad-puzzle-id`, `too-many-skipped`; 404 `no-puzzle` |
//! | `GET /api/puzzles/daily` | — | `{"day": "YYYY-MM-DD", "puzzle": {…}}`, and signed in `"tried"`: whether this person attempted it already; 404 `no-puzzle` (no set) |
//! | `GET /api/puzzles/me` | — | the signed-in person's `{"rating", "deviation", "shown", "attempts", "solved"}`; 401 `signed-out` |
//! | `POST /api/puzzles/{id}/attempt` | `{"moves": ["g8", …]}` (the person's moves only) | `{"id", "outcome": "solved"\|"missed", "rated", "before", "after", "change", "puzzle"}`; 400 `bad-move`, `illegal-move`, `after-the-end`, `unfinished`; 401 `signed-out`; 403 `bad-origin`; 404 `no-puzzle` |
//!
//! Only a person's first attempt at a puzzle is rated (`rated: false` and
//! the ratings unchanged after that), as lichess does.

use std::collections::HashMap;
use std::path::Path as FsPath;
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use virada::puzzle::{self, choose, LineError, LineOutcome, Oracle, Puzzle};
use virada::rating::Stated;
use virada::{Obf, Square};

use super::accounts::kv::{self, Change};
use super::accounts::{answer, refusal, storage, Accounts};
use super::body::{ApiBody, Body, Refusal};
use super::saved::now_ms;

/// Where the set lives under the served root.
pub const SET_PATH: &str = "www/puzzle/puzzles.txt";

/// The most ids a `skip` names.
const MAX_SKIP: usize = 200;

/// The most moves an attempt names.
const MAX_MOVES: usize = 30;

/// The rating a person without one is served near.
const DEFAULT_RATING: i32 = 1500;

/// A day in milliseconds.
const DAY_MS: i64 = 86_400_000;

/// The puzzles one server serves.
pub struct Puzzles {
    set: Vec<Puzzle>,
    by_id: HashMap<String, usize>,
    accounts: Arc<Accounts>,
}

/// A person's puzzle rating, kept at `puzzle-solver:{account}`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct SolverDoc {
    rating: Stated,
    attempts: u32,
    solved: u32,
    /// The puzzles attempted, oldest first (at most [`MAX_SEEN`]).
    seen: Vec<String>,
}

/// Puzzles a person's list remembers.
const MAX_SEEN: usize = 5000;

/// A puzzle's live rating, kept at `puzzle:{id}`.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct PuzzleDoc {
    rating: Stated,
    attempts: u32,
    solved: u32,
}

/// A person's rated attempt at a puzzle, kept at `puzzle-attempt:{account}:{id}`.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct AttemptDoc {
    solved: bool,
    before: Stated,
    after: Stated,
    t: i64,
}

fn solver_key(account: &str) -> String {
    format!("puzzle-solver:{account}")
}

fn puzzle_key(id: &str) -> String {
    format!("puzzle:{id}")
}

fn attempt_key(account: &str, id: &str) -> String {
    format!("puzzle-attempt:{account}:{id}")
}

fn to_json<T: Serialize>(value: &T) -> Result<String, String> {
    serde_json::to_string(value).map_err(|e| e.to_string())
}

impl Puzzles {
    /// The set under `root` (none when the file is missing: every puzzle
    /// route then answers 404 `no-puzzle`); a set that cannot be read stops
    /// the start-up.
    pub fn open(root: &FsPath, accounts: Arc<Accounts>) -> Result<Arc<Puzzles>, String> {
        let path = root.join(SET_PATH);
        let set = match std::fs::read_to_string(&path) {
            Ok(text) => puzzle::read_set(&text)
                .map_err(|(line, e)| format!("{}:{line}: {e}", path.display()))?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
        };
        let by_id = set
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id.clone(), i))
            .collect();
        Ok(Arc::new(Puzzles {
            set,
            by_id,
            accounts,
        }))
    }

    fn find(&self, id: &str) -> Result<&Puzzle, Refusal> {
        if !puzzle::valid_id(id) {
            return Err(Refusal::bad(
                "bad-puzzle-id",
                "a puzzle's id is 1 to 32 letters, digits or '-'",
            ));
        }
        self.by_id
            .get(id)
            .and_then(|&i| self.set.get(i))
            .ok_or_else(no_puzzle)
    }

    /// A puzzle's live rating.
    async fn live(&self, p: &Puzzle) -> Result<(PuzzleDoc, Option<String>), Refusal> {
        let kept = kv::read::<PuzzleDoc>(&**self.accounts.kv(), &puzzle_key(&p.id))
            .await
            .map_err(|e| storage(&e))?;
        Ok(match kept {
            Some((doc, text)) => (doc, Some(text)),
            None => (
                PuzzleDoc {
                    rating: p.starting_rating(),
                    attempts: 0,
                    solved: 0,
                },
                None,
            ),
        })
    }

    /// The puzzle as the API shows it: never its answer.
    async fn view(&self, p: &Puzzle) -> Result<Value, Refusal> {
        let (doc, _) = self.live(p).await?;
        let themes: Vec<&str> = p.themes.iter().map(|t| t.name()).collect();
        Ok(json!({
            "id": p.id,
            "obf": Obf::new(p.position).to_string(),
            "side": p.position.side_to_move().letter().to_string(),
            "rating": whole(doc.rating),
            "deviation": whole_deviation(doc.rating),
            "shown": doc.rating.shown(),
            "themes": themes,
            "empties": p.empties(),
            "moves": p.moves,
        }))
    }
}

fn whole(r: Stated) -> i64 {
    (r.rating + 50).div_euclid(100)
}

fn whole_deviation(r: Stated) -> i64 {
    (r.deviation + 50).div_euclid(100)
}

fn rating_json(r: Stated) -> Value {
    json!({"rating": whole(r), "deviation": whole_deviation(r), "shown": r.shown()})
}

fn no_puzzle() -> Refusal {
    refusal(
        StatusCode::NOT_FOUND,
        "no-puzzle",
        "there is no such puzzle",
    )
}

/// The puzzles' routes.
pub fn router(puzzles: Arc<Puzzles>) -> Router {
    Router::new()
        .route("/api/puzzles/daily", get(daily))
        .route("/api/puzzles/next", get(next))
        .route("/api/puzzles/me", get(me))
        .route("/api/puzzles/{id}", get(one))
        .route("/api/puzzles/{id}/attempt", post(attempt))
        .with_state(puzzles)
}

async fn one(State(puzzles): State<Arc<Puzzles>>, Path(id): Path<String>) -> Response {
    answer(
        async {
            let p = puzzles.find(&id)?;
            Ok(Json(puzzles.view(p).await?).into_response())
        }
        .await,
    )
}

async fn daily(State(puzzles): State<Arc<Puzzles>>, headers: HeaderMap) -> Response {
    answer(
        async {
            let day = now_ms().div_euclid(DAY_MS);
            let p = choose::daily(&puzzles.set, day).ok_or_else(no_puzzle)?;
            let view = puzzles.view(p).await?;
            let mut out = json!({"day": choose::date_of(day), "puzzle": view});
            // Signed in: whether this person tried it already, so that the
            // page says at the start that a repeat is not rated.
            let signed_in = puzzles
                .accounts
                .signed_in(&headers)
                .await
                .map_err(|e| storage(&e))?;
            if let Some((account, _)) = signed_in {
                let done = kv::read::<AttemptDoc>(
                    &**puzzles.accounts.kv(),
                    &attempt_key(&account.id, &p.id),
                )
                .await
                .map_err(|e| storage(&e))?;
                out["tried"] = json!(done.is_some());
            }
            Ok(Json(out).into_response())
        }
        .await,
    )
}

/// `?rating=R&above=R&skip=ID,ID`.
#[derive(Deserialize)]
struct NextQuery {
    rating: Option<String>,
    above: Option<String>,
    skip: Option<String>,
}

fn rating_param(text: &str) -> Result<i32, Refusal> {
    text.trim()
        .parse::<i32>()
        .ok()
        .filter(|r| (0..=4000).contains(r))
        .ok_or_else(|| Refusal::bad("bad-rating", "a rating is a whole number from 0 to 4000"))
}

async fn next(
    State(puzzles): State<Arc<Puzzles>>,
    headers: HeaderMap,
    query: Result<Query<NextQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    answer(
        async {
            let Ok(Query(q)) = query else {
                return Err(Refusal::bad("bad-rating", "the query cannot be read"));
            };
            let mut skip: Vec<String> = Vec::new();
            if let Some(list) = &q.skip {
                for id in list.split(',').filter(|s| !s.is_empty()) {
                    if !puzzle::valid_id(id) {
                        return Err(Refusal::bad(
                            "bad-puzzle-id",
                            "a puzzle's id is 1 to 32 letters, digits or '-'",
                        ));
                    }
                    skip.push(id.to_string());
                }
            }
            if skip.len() > MAX_SKIP {
                return Err(Refusal::bad(
                    "too-many-skipped",
                    format!("at most {MAX_SKIP} puzzles are skipped"),
                ));
            }
            let asked = q.rating.as_deref().map(rating_param).transpose()?;
            let above = q.above.as_deref().map(rating_param).transpose()?;
            let mut rating = asked.unwrap_or(DEFAULT_RATING);
            let signed_in = puzzles
                .accounts
                .signed_in(&headers)
                .await
                .map_err(|e| storage(&e))?;
            if let Some((account, _)) = signed_in {
                if let Some((doc, _)) =
                    kv::read::<SolverDoc>(&**puzzles.accounts.kv(), &solver_key(&account.id))
                        .await
                        .map_err(|e| storage(&e))?
                {
                    if asked.is_none() {
                        rating = whole(doc.rating) as i32;
                    }
                    skip.extend(doc.seen);
                }
            }
            let skip: Vec<&str> = skip.iter().map(String::as_str).collect();
            let found = match above {
                Some(r) => choose::harder(&puzzles.set, r, &skip),
                None => choose::nearest(&puzzles.set, rating, &skip),
            };
            let p = found.ok_or_else(no_puzzle)?;
            Ok(Json(puzzles.view(p).await?).into_response())
        }
        .await,
    )
}

async fn me(State(puzzles): State<Arc<Puzzles>>, headers: HeaderMap) -> Response {
    answer(
        async {
            let (account, _) = puzzles.accounts.require(&headers).await?;
            let doc = kv::read::<SolverDoc>(&**puzzles.accounts.kv(), &solver_key(&account.id))
                .await
                .map_err(|e| storage(&e))?
                .map(|(d, _)| d)
                .unwrap_or_default();
            let mut out = rating_json(doc.rating);
            out["attempts"] = json!(doc.attempts);
            out["solved"] = json!(doc.solved);
            Ok(Json(out).into_response())
        }
        .await,
    )
}

/// `{"moves": ["g8", …]}`: the person's moves, the table's replies left out.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AttemptBody {
    moves: Vec<String>,
}

const BAD_MOVE: (&str, &str) = ("bad-move", "moves are 1 to 30 squares such as \"g8\"");

impl ApiBody for AttemptBody {
    fn field_refusal(field: &str) -> Option<(&'static str, &'static str)> {
        (field == "moves").then_some(BAD_MOVE)
    }
}

async fn attempt(
    State(puzzles): State<Arc<Puzzles>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Body<AttemptBody>, Refusal>,
) -> Response {
    answer(
        async {
            puzzles.accounts.check_origin(&headers)?;
            let (account, _) = puzzles.accounts.require(&headers).await?;
            let p = puzzles.find(&id)?.clone();
            let Body(AttemptBody { moves }) = body?;
            if moves.is_empty() || moves.len() > MAX_MOVES {
                return Err(Refusal::bad(BAD_MOVE.0, BAD_MOVE.1));
            }
            let squares = moves
                .iter()
                .map(|m| m.trim().to_ascii_lowercase().parse::<Square>())
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| Refusal::bad(BAD_MOVE.0, BAD_MOVE.1))?;
            // The solver judges the line again, off the async threads.
            let judged = {
                let p = p.clone();
                tokio::task::spawn_blocking(move || {
                    let mut oracle = Oracle::new(4 << 20);
                    puzzle::judge(&p, &squares, &mut oracle)
                })
                .await
                .map_err(|e| storage(&format!("the puzzle's judge stopped: {e}")))?
            };
            let solved = match judged {
                Ok(LineOutcome::Solved) => true,
                Ok(LineOutcome::Missed) => false,
                Ok(LineOutcome::Unfinished) => {
                    return Err(Refusal::bad(
                        "unfinished",
                        "the moves stop before the puzzle's end",
                    ))
                }
                Err(LineError::Over) => {
                    return Err(Refusal::bad(
                        "after-the-end",
                        "a move comes after the puzzle ended",
                    ))
                }
                Err(LineError::Illegal(sq)) => {
                    return Err(Refusal::bad(
                        "illegal-move",
                        format!("{sq} is not a legal move there"),
                    ))
                }
            };
            let out = record(&puzzles, &account.id, &p, solved).await?;
            Ok(Json(out).into_response())
        }
        .await,
    )
}

/// Keeps the attempt and, the first time, rates it: the person's and the
/// puzzle's ratings and the attempt in one swap.
async fn record(
    puzzles: &Puzzles,
    account: &str,
    p: &Puzzle,
    solved: bool,
) -> Result<Value, Refusal> {
    let kv = puzzles.accounts.kv();
    let read_err = |e: String| storage(&e);
    for _ in 0..64 {
        let (person, person_text) = match kv::read::<SolverDoc>(&**kv, &solver_key(account))
            .await
            .map_err(read_err)?
        {
            Some((d, t)) => (d, Some(t)),
            None => (SolverDoc::default(), None),
        };
        let (puzzle_doc, puzzle_text) = puzzles.live(p).await?;
        let done = kv::read::<AttemptDoc>(&**kv, &attempt_key(account, &p.id))
            .await
            .map_err(read_err)?;
        if done.is_some() {
            // Attempted before: said, not rated again.
            return Ok(json!({
                "id": p.id,
                "outcome": if solved { "solved" } else { "missed" },
                "rated": false,
                "before": rating_json(person.rating),
                "after": rating_json(person.rating),
                "change": 0,
                "puzzle": rating_json(puzzle_doc.rating),
            }));
        }
        let (after, puzzle_after) = puzzle::rate_attempt(person.rating, puzzle_doc.rating, solved);
        let mut new_person = person.clone();
        new_person.rating = after;
        new_person.attempts += 1;
        new_person.solved += u32::from(solved);
        new_person.seen.push(p.id.clone());
        if new_person.seen.len() > MAX_SEEN {
            new_person.seen.remove(0);
        }
        let new_puzzle = PuzzleDoc {
            rating: puzzle_after,
            attempts: puzzle_doc.attempts + 1,
            solved: puzzle_doc.solved + u32::from(solved),
        };
        let attempt = AttemptDoc {
            solved,
            before: person.rating,
            after,
            t: now_ms(),
        };
        let changes = vec![
            Change::create(
                attempt_key(account, &p.id),
                to_json(&attempt).map_err(read_err)?,
            ),
            Change::set(solver_key(account), to_json(&new_person).map_err(read_err)?)
                .from(person_text.as_deref()),
            Change::set(puzzle_key(&p.id), to_json(&new_puzzle).map_err(read_err)?)
                .from(puzzle_text.as_deref()),
        ];
        if kv.swap(changes).await.map_err(read_err)? {
            return Ok(json!({
                "id": p.id,
                "outcome": if solved { "solved" } else { "missed" },
                "rated": true,
                "before": rating_json(person.rating),
                "after": rating_json(after),
                "change": whole(after) - whole(person.rating),
                "puzzle": rating_json(puzzle_after),
            }));
        }
    }
    Err(storage("a puzzle attempt kept changing while it was rated"))
}
