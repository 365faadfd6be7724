//! An actor started from a state read before its table's last move was
//! kept (a table handed on under load: its new holder read it, then its
//! old holder kept one more move) must not save that state over the
//! stored one: every later reader would start one move behind the moves
//! kept, and its moves would be refused forever.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{broadcast, mpsc};

use super::super::keys::Keys;
use super::super::store::redis_server::RedisServer;
use super::super::store::{Redis, Store};
use super::{Actor, Ended, Holder, Saved, Status, Timing};
use virada::game::GameKind;

fn table(id: &str, moves: &str) -> Saved {
    Saved {
        id: id.to_string(),
        kind: GameKind::Othello,
        clock: None,
        level: 1,
        seed: "ab".repeat(32),
        seats: [Holder::Bot, Holder::Bot],
        status: Status::Playing,
        moves: moves.to_string(),
        deadline_ms: None,
        wait_until_ms: 0,
        gone_since_ms: [None, None],
        paired: false,
        window_until_ms: None,
        contributions: false,
        handicap: String::new(),
        play: None,
        again: [false, false],
        declined: [false, false],
        next: None,
        players: super::Players::default(),
        cut: None,
        timed: None,
    }
}

#[test]
fn an_actor_behind_the_stored_moves_ends_without_saving_its_state() {
    let server = RedisServer::start("actor");
    let dir = std::env::temp_dir().join(format!("virada-actor-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let keys = Arc::new(Keys::load_or_create(&dir).unwrap());
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let store: Store = Arc::new(Redis::connect(&server.url()).await.unwrap().with_token("b"));
        // The table as its old holder kept it: two moves, each with its state.
        let id = "behind";
        for (ply, (mv, moves)) in [("f5", "f5"), ("d6", "f5 d6")].into_iter().enumerate() {
            let state = serde_json::to_string(&table(id, moves)).unwrap();
            store.append_move(id, ply, mv, state).await.unwrap();
        }
        // Its new holder read it after the first move only.
        let timing = Timing {
            grace: Duration::from_secs(60),
            seat_wait: Duration::from_secs(60),
            linger: Duration::from_secs(1),
            contribute: Duration::from_secs(60),
        };
        let (events, _listening) = broadcast::channel(16);
        let (commands, receiver) = mpsc::channel(16);
        let actor = Actor::new(
            table(id, "f5"),
            Arc::clone(&store),
            keys,
            timing,
            events,
            commands,
        )
        .unwrap();
        let ended = tokio::time::timeout(Duration::from_secs(60), actor.run(receiver))
            .await
            .expect("the actor ends");
        assert_eq!(ended, Ended::Behind);
        // What is stored still has both moves: read again, the table goes on.
        let json = store.load_table(id).await.unwrap().unwrap();
        let stored: Saved = serde_json::from_str(&json).unwrap();
        assert_eq!(stored.moves, "f5 d6");
    });
    let _ = std::fs::remove_dir_all(&dir);
}
