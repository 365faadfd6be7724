//! Which puzzle comes next: the one nearest a person's rating, the next
//! harder one in a streak, and the day's puzzle. Pure functions of the set,
//! so the server and a test agree.

use super::Puzzle;

/// The puzzle rated nearest `rating` that `skip` does not name (ties: the
/// lower rating, then the lower id).
pub fn nearest<'a>(set: &'a [Puzzle], rating: i32, skip: &[&str]) -> Option<&'a Puzzle> {
    set.iter()
        .filter(|p| !skip.contains(&p.id.as_str()))
        .min_by_key(|p| ((p.rating - rating).abs(), p.rating, p.id.clone()))
}

/// A streak's next puzzle: the easiest rated above `rating` that `skip`
/// does not name (ties by id); `None` when none is harder.
pub fn harder<'a>(set: &'a [Puzzle], rating: i32, skip: &[&str]) -> Option<&'a Puzzle> {
    set.iter()
        .filter(|p| p.rating > rating && !skip.contains(&p.id.as_str()))
        .min_by_key(|p| (p.rating, p.id.clone()))
}

/// The day's puzzle for `day` (days since 1970-01-01, UTC): a fixed
/// shuffle of the set's places (a multiplicative step coprime with the
/// length), so consecutive days differ.
pub fn daily(set: &[Puzzle], day: i64) -> Option<&Puzzle> {
    let n = set.len() as u64;
    if n == 0 {
        return None;
    }
    // 2654435761 (Knuth's) is prime; it is coprime with n unless n is a
    // multiple of it.
    let step = 2_654_435_761 % n;
    let step = if step == 0 { 1 } else { step };
    let at = (day.rem_euclid(n as i64) as u64).wrapping_mul(step) % n;
    set.get(at as usize)
}

/// The calendar date `YYYY-MM-DD` of `day` (days since 1970-01-01).
pub fn date_of(day: i64) -> String {
    // Howard Hinnant's civil_from_days.
    let z = day + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    fn p(id: &str, rating: i32) -> Puzzle {
        Puzzle {
            id: id.into(),
            position: Position::start(),
            best: crate::Square::new(19).unwrap(),
            score: 0,
            rating,
            themes: Vec::new(),
            moves: 3,
        }
    }

    #[test]
    fn the_nearest_and_the_next_harder() {
        let set = [p("a", 1000), p("b", 1200), p("c", 1300), p("d", 1300)];
        assert_eq!(nearest(&set, 1240, &[]).unwrap().id, "b");
        assert_eq!(nearest(&set, 1250, &[]).unwrap().id, "b");
        assert_eq!(nearest(&set, 1260, &[]).unwrap().id, "c");
        assert_eq!(nearest(&set, 1260, &["c"]).unwrap().id, "d");
        assert_eq!(nearest(&set, 1260, &["a", "b", "c", "d"]), None);
        assert_eq!(harder(&set, 1000, &[]).unwrap().id, "b");
        assert_eq!(harder(&set, 1200, &["c"]).unwrap().id, "d");
        assert_eq!(harder(&set, 1300, &[]), None);
    }

    #[test]
    fn each_day_has_its_puzzle() {
        let set: Vec<Puzzle> = (0..7).map(|i| p(&i.to_string(), 1000 + i)).collect();
        let week: Vec<&str> = (0..7)
            .map(|d| daily(&set, 20_000 + d).unwrap().id.as_str())
            .collect();
        let mut sorted = week.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 7, "{week:?}");
        assert_eq!(daily(&[], 3), None);
        assert_eq!(date_of(0), "1970-01-01");
        assert_eq!(date_of(20_429), "2025-12-07");
        assert_eq!(date_of(11_016), "2000-02-29");
    }
}
