//! The browser's door into the crate: the only file that knows wasm-bindgen.
//!
//! Values that cross are small and copyable: square indices (0 = a1 … 63 = h8),
//! strings (OBF lines, records), and typed arrays. Nothing here may panic;
//! errors come back to JavaScript as `Error` objects with a plain message.
//!
//! Each concern keeps its exports in its own section below; add to a section
//! with small edits.

use wasm_bindgen::prelude::*;

// ---------------------------------------------------------------- foundation

/// The leaves `depth` plies below the start position (see `movegen::perft`).
/// Used by the wasm speed benchmark.
#[wasm_bindgen]
pub fn perft_start(depth: u32) -> f64 {
    crate::Position::start().perft(depth) as f64
}

// ---------------------------------------------------------------- bot

/// Installs a trained weights file (`VRDW1`, see `eval::Weights::to_bytes`)
/// for every later search. Call before the first search; an error says why
/// the file was refused, or that the evaluation was already in use.
#[wasm_bindgen]
pub fn load_weights(bytes: &[u8]) -> Result<(), JsError> {
    let weights =
        crate::eval::Weights::from_bytes(bytes).map_err(|e| JsError::new(&e.to_string()))?;
    if crate::eval::Eval::install(weights) {
        Ok(())
    } else {
        Err(JsError::new(
            "the evaluation is already in use; load weights before the first search",
        ))
    }
}

/// The bot's move for the position given by its two disc masks (bit 0 = a1 …
/// bit 63 = h8), as `d3`, or `PA` when it must pass. `seed_hex` is the game's
/// seed (64 hex characters) and `ply` the number of moves played, so a weak
/// level's seeded choices replay; `time_ms` bounds the search.
#[wasm_bindgen]
pub fn bot_choose(
    dark: u64,
    light: u64,
    dark_to_move: bool,
    level: u8,
    seed_hex: &str,
    ply: u32,
    time_ms: u32,
) -> Result<String, JsError> {
    let seed: crate::fairness::Seed = seed_hex
        .parse()
        .map_err(|e: crate::fairness::SeedError| JsError::new(&e.to_string()))?;
    let board = crate::Board::new(crate::Bitboard(dark), crate::Bitboard(light))
        .map_err(|e| JsError::new(&e.to_string()))?;
    let side = if dark_to_move {
        crate::Color::Dark
    } else {
        crate::Color::Light
    };
    let position = crate::Position::new(board, side);
    let mut rng = crate::bot::seeded_stream(&seed, ply);
    let budget = crate::search::Budget::millis(f64::from(time_ms.max(1)), browser_clock);
    let choice = BOT_ENGINE.with(|engine| {
        let mut engine = engine.borrow_mut();
        crate::bot::choose_with(&mut engine, &position, level, &mut rng, budget)
    });
    Ok(choice.mv.to_string())
}

/// The bot's search at `level` of the position given by its disc masks, with
/// a fresh engine (tables of 4 MiB, as the page's) and a budget of `nodes`
/// positions (0: none) and `time_ms`: `MOVE SCORE NODES`, for the search
/// benchmark (`tests/bench/wasm-bot.mjs`).
#[wasm_bindgen]
pub fn bot_bench(
    dark: u64,
    light: u64,
    dark_to_move: bool,
    level: u8,
    time_ms: u32,
    nodes: f64,
) -> Result<String, JsError> {
    let board = crate::Board::new(crate::Bitboard(dark), crate::Bitboard(light))
        .map_err(|e| JsError::new(&e.to_string()))?;
    let side = if dark_to_move {
        crate::Color::Dark
    } else {
        crate::Color::Light
    };
    let position = crate::Position::new(board, side);
    let mut budget = crate::search::Budget::millis(f64::from(time_ms.max(1)), browser_clock);
    budget.nodes = (nodes >= 1.0).then_some(nodes as u64);
    let mut engine = crate::search::Engine::new(4 << 20);
    let choice = crate::bot::choose_with(&mut engine, &position, level, &mut || 0, budget);
    Ok(format!("{} {} {}", choice.mv, choice.score, choice.nodes))
}

/// The exact solve of the position given by its disc masks, for the endgame
/// benchmark: `MOVE SCORE NODES` (score: final disc difference for the mover).
#[wasm_bindgen]
pub fn endgame_solve(
    dark: u64,
    light: u64,
    dark_to_move: bool,
    table_mb: u32,
) -> Result<String, JsError> {
    let board = crate::Board::new(crate::Bitboard(dark), crate::Bitboard(light))
        .map_err(|e| JsError::new(&e.to_string()))?;
    let side = if dark_to_move {
        crate::Color::Dark
    } else {
        crate::Color::Light
    };
    let position = crate::Position::new(board, side);
    let mut table = crate::endgame::EndTable::with_bytes((table_mb.clamp(1, 1024) as usize) << 20);
    let s = crate::endgame::Solver::new(&mut table, crate::search::Budget::unlimited())
        .solve(&position)
        .ok_or_else(|| JsError::new("the solve was stopped"))?;
    Ok(format!("{} {} {}", s.best, s.score, s.nodes))
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// The browser's monotonic clock in milliseconds (window or worker).
fn browser_clock() -> f64 {
    performance_now()
}

thread_local! {
    /// The bot's engine, kept between moves (tables of 4 MiB).
    static BOT_ENGINE: std::cell::RefCell<crate::search::Engine> =
        std::cell::RefCell::new(crate::search::Engine::new(4 << 20));
}

// ---------------------------------------------------------------- fair

/// A fresh secret seed from `crypto.getRandomValues`, as 64 lowercase hex characters.
#[wasm_bindgen]
pub fn fair_new_seed() -> Result<String, JsError> {
    crate::fairness::Seed::generate()
        .map(|s| s.to_string())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// The fingerprint (SHA-256 of the 32 raw bytes, 64 hex) of a seed given in hex.
#[wasm_bindgen]
pub fn fair_fingerprint(seed_hex: &str) -> Result<String, JsError> {
    let seed: crate::fairness::Seed = seed_hex
        .parse()
        .map_err(|e: crate::fairness::SeedError| JsError::new(&e.to_string()))?;
    Ok(seed.fingerprint())
}

/// Which seat (0 or 1) plays dark for this seed (hex) and word.
#[wasm_bindgen]
pub fn fair_dark_seat(seed_hex: &str, word: &str) -> Result<u8, JsError> {
    let seed: crate::fairness::Seed = seed_hex
        .parse()
        .map_err(|e: crate::fairness::SeedError| JsError::new(&e.to_string()))?;
    Ok(crate::fairness::dark_seat(&seed, word) as u8)
}

/// Checks a record's text: JSON `{"ok":bool,"checks":[{"check","status",
/// "code","params":{…},"message"}…]}` (see `record::Report::to_json`).
#[wasm_bindgen]
pub fn record_verify(text: &str) -> String {
    crate::record::verify_text(text).to_json()
}

// ---------------------------------------------------------------- table

/// A game at the table, for the page (see `table::Table`). Squares are
/// indices 0 (a1) … 63 (h8); masks are `u64` (JavaScript `BigInt`), bit 0 = a1.
#[wasm_bindgen]
pub struct TableGame(crate::table::Table);

fn table_error(e: crate::table::TableError) -> JsError {
    JsError::new(&format!("{}: {e}", e.code()))
}

fn table_square(index: u8) -> Result<crate::Square, JsError> {
    crate::Square::new(index).ok_or_else(|| JsError::new("bad-square: not 0..63"))
}

#[wasm_bindgen]
impl TableGame {
    /// A new game: `seats` is `person,bot`, `person,person` or `bot,bot`;
    /// bots play at `level`; `clock` seconds per turn (0 = none); an empty
    /// `seed_hex` draws a secret seed, 64 hex characters choose one; `word`
    /// is the players' word (empty for none), mixed into the colour draw.
    #[wasm_bindgen(constructor)]
    pub fn new(
        seats: &str,
        level: u8,
        clock: u32,
        seed_hex: &str,
        word: &str,
    ) -> Result<TableGame, JsError> {
        crate::table::Table::new(seats, level, clock, seed_hex, word)
            .map(TableGame)
            .map_err(table_error)
    }

    /// The players' word, as typed (empty for none).
    pub fn word(&self) -> String {
        self.0.game().word.clone()
    }

    /// Marks the seed as chosen or secret (when restoring a stored game).
    pub fn set_seed_chosen(&mut self, chosen: bool) {
        self.0.set_seed_chosen(chosen);
    }

    /// Everything the page draws, as JSON (see `Table::snapshot`).
    pub fn snapshot(&self) -> String {
        self.0.snapshot()
    }

    /// The squares a disc on `square` would flip, in reading order (empty when not legal).
    pub fn flips(&self, square: u8) -> Vec<u8> {
        match crate::Square::new(square) {
            Some(sq) => crate::Bitboard(self.0.flips(sq))
                .squares()
                .map(|s| s.index() as u8)
                .collect(),
            None => Vec::new(),
        }
    }

    /// Places a disc for the side to move.
    pub fn play(&mut self, square: u8) -> Result<(), JsError> {
        let sq = table_square(square)?;
        self.0.play(sq, false).map_err(table_error)
    }

    /// The table passes for a player with no legal square (T5).
    pub fn pass(&mut self) -> Result<(), JsError> {
        self.0.pass().map_err(table_error)
    }

    /// The clock ran out: the table plays the time-out move (T16), marked as
    /// placed by the table. Returns its square, or -1 when it passed.
    pub fn time_out(&mut self) -> Result<i32, JsError> {
        self.0
            .time_out()
            .map(|sq| sq.map_or(-1, |s| s.index() as i32))
            .map_err(table_error)
    }

    /// Replays a stored transcript (`f5d6PA…`), marking the plies listed in
    /// `by_table` (0-based) as table-placed.
    pub fn replay(&mut self, transcript: &str, by_table: Vec<u32>) -> Result<(), JsError> {
        self.0.replay(transcript, &by_table).map_err(table_error)
    }

    /// The moves so far (`f5d6PA…`).
    pub fn transcript(&self) -> String {
        self.0.transcript()
    }

    /// The seed as 64 lowercase hex characters (the page shows it only at the end).
    pub fn seed_hex(&self) -> String {
        self.0.game().seed.to_string()
    }

    /// The seed's fingerprint, SHA-256 as 64 lowercase hex characters (F3).
    pub fn fingerprint(&self) -> String {
        self.0.game().seed.fingerprint()
    }

    /// Dark discs, for the bot worker.
    pub fn dark_mask(&self) -> u64 {
        self.0.game().position().board().discs(crate::Color::Dark).0
    }

    /// Light discs, for the bot worker.
    pub fn light_mask(&self) -> u64 {
        self.0
            .game()
            .position()
            .board()
            .discs(crate::Color::Light)
            .0
    }

    /// Whether dark is to move.
    pub fn dark_to_move(&self) -> bool {
        self.0.game().position().side_to_move() == crate::Color::Dark
    }

    /// Plies played so far, passes included.
    pub fn ply(&self) -> u32 {
        self.0.game().moves().len() as u32
    }
}

// ---------------------------------------------------------------- fair (records)

/// The record of a table game (see `record::write`): with the seed when
/// `reveal` (game over or abandoned), `seed: hidden` before.
#[wasm_bindgen]
pub fn fair_record(game: &TableGame, reveal: bool) -> String {
    crate::record::write(game.0.game(), reveal)
}

/// The GGF export of a table game (see `record::ggf::write`).
#[wasm_bindgen]
pub fn fair_ggf(game: &TableGame) -> String {
    crate::record::ggf::write(game.0.game())
}

// ---------------------------------------------------------------- nabucodonosor

/// A Nabucodonosor game for the page (see `nabu::table`): cells are indices
/// in reading order (`row * n + col`, 0 = a1), moves are texts (`d3`,
/// `c3:e4`, `swap`, `pass`).
#[wasm_bindgen]
pub struct NabuGame(crate::nabu::table::NabuTable);

#[wasm_bindgen]
impl NabuGame {
    /// A new game on an empty `size`×`size` board (5–15).
    #[wasm_bindgen(constructor)]
    pub fn new(size: u32) -> Result<NabuGame, JsError> {
        crate::nabu::table::NabuTable::new(size as usize)
            .map(NabuGame)
            .map_err(|e| JsError::new(&e))
    }

    /// A game at the table: the seed (64 hex) and the word decide who plays
    /// dark; `level0`/`level1` are the seats' bot levels (0 = a person);
    /// `clock` is seconds a turn (0 = off).
    pub fn start(
        size: u32,
        seed_hex: &str,
        word: &str,
        level0: u8,
        level1: u8,
        clock: u32,
    ) -> Result<NabuGame, JsError> {
        crate::nabu::table::NabuTable::start(size as usize, seed_hex, word, [level0, level1], clock)
            .map(NabuGame)
            .map_err(|e| JsError::new(&e))
    }

    /// Marks the seed as chosen (e.g. `?seed=` in the page); the record says so.
    pub fn mark_seed_chosen(&mut self) {
        self.0.mark_seed_chosen();
    }

    /// The seat (0 or 1) whose turn it is, after the colour draw and any swap.
    pub fn seat_to_move(&self) -> u32 {
        self.0.seat_to_move() as u32
    }

    /// The seat (0 or 1) that played dark at the start.
    pub fn dark_seat(&self) -> u32 {
        self.0.dark_seat() as u32
    }

    /// Plays the table's time-out move, marked, and returns it (empty when over).
    pub fn time_out(&mut self) -> String {
        self.0.time_out()
    }

    /// The game's record, with the seed when `reveal` (check it with `record_verify`).
    pub fn record(&self, reveal: bool) -> String {
        self.0.record(reveal)
    }

    /// A game from its moves, space separated (`*` before a table's
    /// move), each checked.
    pub fn replay(size: u32, moves: &str) -> Result<NabuGame, JsError> {
        crate::nabu::table::NabuTable::replay(size as usize, moves)
            .map(NabuGame)
            .map_err(|e| JsError::new(&e))
    }

    /// The board side.
    pub fn size(&self) -> u32 {
        self.0.size() as u32
    }

    /// The cells row by row from a1: `X` dark, `O` light, `-` empty.
    pub fn cells(&self) -> String {
        self.0.cells()
    }

    /// `X` or `O`: the colour to move.
    pub fn to_move(&self) -> String {
        self.0.to_move().to_string()
    }

    /// Dark and light disc counts.
    pub fn counts(&self) -> Vec<u32> {
        self.0.counts().to_vec()
    }

    /// The legal placements, as cell indices in reading order.
    pub fn placements(&self) -> Vec<u32> {
        self.0.placements()
    }

    /// The legal captures (`c3:e4`), space separated, in the CLI's order.
    pub fn captures(&self) -> String {
        self.0.captures().join(" ")
    }

    /// Every legal move, space separated, in the CLI's order.
    pub fn legal_moves(&self) -> String {
        self.0.legal_moves().join(" ")
    }

    /// The legal captures containing cell `index`, space separated, in the
    /// order repeated taps cycle through them (largest first).
    pub fn captures_at(&self, index: u32) -> String {
        self.0.captures_at(index as usize).join(" ")
    }

    /// The cell indices the capture `rect` would flip; an error if it is not
    /// legal now.
    pub fn flips(&self, rect: &str) -> Result<Vec<u32>, JsError> {
        self.0.flips(rect).map_err(|e| JsError::new(&e))
    }

    /// Plays `mv` (`d3`, `c3:e4`, `swap`, `pass`); an error says why not.
    pub fn play(&mut self, mv: &str) -> Result<(), JsError> {
        self.0.play(mv).map_err(|e| JsError::new(&e))
    }

    /// Whether the pie swap is offered now.
    pub fn can_swap(&self) -> bool {
        self.0.can_swap()
    }

    /// Whether the side to move must pass.
    pub fn must_pass(&self) -> bool {
        self.0.must_pass()
    }

    /// Whether the players exchanged colours (pie rule).
    pub fn swapped(&self) -> bool {
        self.0.swapped()
    }

    /// The table's move on time-out (largest capture, else first placement
    /// in reading order, else `pass`); empty when the game is over.
    pub fn timeout_move(&self) -> String {
        self.0.timeout_move()
    }

    /// Empty while playing; else e.g. `X wipe-out`, `O more-discs`, `X last-mover`.
    pub fn outcome(&self) -> String {
        self.0.outcome()
    }

    /// Every move so far, space separated.
    pub fn moves(&self) -> String {
        self.0.moves()
    }

    /// The bot's move at `level` (1–5), from the game's seed (64 hex) and the ply.
    pub fn bot_move(&self, level: u8, seed_hex: &str) -> Result<String, JsError> {
        self.0
            .bot_move(level, seed_hex)
            .map_err(|e| JsError::new(&e))
    }
}

/// The bot's move for the game of side `size` after `moves` (for the
/// worker, where handles cannot go).
#[wasm_bindgen]
pub fn nabu_bot_move(size: u32, moves: &str, level: u8, seed_hex: &str) -> Result<String, JsError> {
    crate::nabu::table::NabuTable::replay(size as usize, moves)
        .and_then(|t| t.bot_move(level, seed_hex))
        .map_err(|e| JsError::new(&e))
}

// ---------------------------------------------------------------- review

/// The review's analysis of one position (see `analysis`), kept in the
/// worker that runs it: every legal move's value, deepened a step at a time.
#[wasm_bindgen]
pub struct Analyzer(crate::analysis::Analysis);

#[wasm_bindgen]
impl Analyzer {
    /// An analysis of the position given by its disc masks (bit 0 = a1),
    /// with tables of 16 MiB.
    #[wasm_bindgen(constructor)]
    pub fn new(dark: u64, light: u64, dark_to_move: bool) -> Result<Analyzer, JsError> {
        let board = crate::Board::new(crate::Bitboard(dark), crate::Bitboard(light))
            .map_err(|e| JsError::new(&e.to_string()))?;
        let side = if dark_to_move {
            crate::Color::Dark
        } else {
            crate::Color::Light
        };
        let position = crate::Position::new(board, side);
        Ok(Analyzer(crate::analysis::Analysis::new(position, 16 << 20)))
    }

    /// Works for at most about `time_ms` and reports as JSON:
    /// `{"empties","depth","exact","done","progressed","nodes","moves":[{"sq","v","exact","depth"}],"line":["d3",…]}`,
    /// `v` in discs from the mover's view, best move first.
    pub fn step(&mut self, time_ms: u32) -> String {
        let budget = crate::search::Budget::millis(f64::from(time_ms.max(1)), browser_clock);
        let r = self.0.step(budget);
        let moves: Vec<String> = r
            .moves
            .iter()
            .map(|m| {
                format!(
                    r#"{{"sq":{},"v":{},"exact":{},"depth":{}}}"#,
                    m.square.index(),
                    f64::from(m.value) / f64::from(crate::eval::DISC),
                    m.exact,
                    m.depth
                )
            })
            .collect();
        let line: Vec<String> = r.line.iter().map(|m| format!("\"{m}\"")).collect();
        format!(
            r#"{{"empties":{},"depth":{},"exact":{},"done":{},"progressed":{},"nodes":{},"moves":[{}],"line":[{}]}}"#,
            self.0.position().empty().count(),
            r.depth,
            r.exact,
            r.done,
            r.progressed,
            r.nodes,
            moves.join(","),
            line.join(",")
        )
    }
}

/// A record, GGF game or transcript read for review (`review::read_game`),
/// as JSON: `{"source","plies":[{"dark","light","darkToMove","cells","legal","move","byTable","end"}]}`,
/// one entry a position (the masks as decimal strings, `cells` as
/// `Board::cells`, `move` the ply played from it, `null` after the last;
/// `end` the final margin from dark's view once the game is over, else `null`). An error's message starts with its code.
#[wasm_bindgen]
pub fn review_read(text: &str) -> Result<String, JsError> {
    let game =
        crate::review::read_game(text).map_err(|e| JsError::new(&format!("{}: {e}", e.code())))?;
    let positions = game.positions();
    let plies: Vec<String> = positions
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let board = p.board();
            let legal: Vec<String> = p
                .legal_moves()
                .into_iter()
                .map(|s| s.index().to_string())
                .collect();
            let mv = game
                .moves
                .get(i)
                .map_or("null".to_string(), |m| format!("\"{m}\""));
            // The final margin from dark's view (empties to the winner), once over.
            let dark = board.discs(crate::Color::Dark).count() as i32;
            let light = board.discs(crate::Color::Light).count() as i32;
            let margin = match (dark - light).signum() {
                1 => 64 - 2 * light,
                -1 => 2 * dark - 64,
                _ => 0,
            };
            let end = if p.is_game_over() {
                margin.to_string()
            } else {
                "null".to_string()
            };
            format!(
                r#"{{"dark":"{}","light":"{}","darkToMove":{},"cells":"{}","legal":[{}],"move":{},"byTable":{},"end":{}}}"#,
                board.discs(crate::Color::Dark).0,
                board.discs(crate::Color::Light).0,
                p.side_to_move() == crate::Color::Dark,
                board.cells(),
                legal.join(","),
                mv,
                game.by_table.get(i).copied().unwrap_or(false),
                end
            )
        })
        .collect();
    Ok(format!(
        r#"{{"source":"{}","plies":[{}]}}"#,
        game.source.name(),
        plies.join(",")
    ))
}
