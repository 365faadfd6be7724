//! Jobs and results as one line of text, for runners reached by messages
//! (the page's helper workers): words separated by spaces, `-` for none.
//!
//! A job: `job ID PLAYER OPPONENT SQ DEPTH ALPHA BETA TIME_MS NODES` (the
//! masks in hex); a result: `result ID VALUE NODES`.

use super::{Job, JobResult};
use std::fmt;

/// Why a job's or a result's text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WireError(String);

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot read {:?}", self.0)
    }
}

impl std::error::Error for WireError {}

/// `-` for none, else the value.
fn opt<T: fmt::Display>(v: Option<T>) -> String {
    v.map_or_else(|| "-".to_string(), |v| v.to_string())
}

/// The words of `text` after `head`, exactly `n` of them.
fn words<'a>(text: &'a str, head: &str, n: usize) -> Result<Vec<&'a str>, WireError> {
    let mut it = text.split_whitespace();
    let bad = || WireError(text.chars().take(80).collect());
    if it.next() != Some(head) {
        return Err(bad());
    }
    let words: Vec<&str> = it.collect();
    if words.len() != n {
        return Err(bad());
    }
    Ok(words)
}

/// Reads one word as a `T`, or `-` as none.
fn parse_opt<T: std::str::FromStr>(word: &str, text: &str) -> Result<Option<T>, WireError> {
    if word == "-" {
        return Ok(None);
    }
    word.parse()
        .map(Some)
        .map_err(|_| WireError(text.chars().take(80).collect()))
}

impl Job {
    /// The job as one line.
    pub fn to_text(&self) -> String {
        format!(
            "job {} {:x} {:x} {} {} {} {} {} {}",
            self.id,
            self.player,
            self.opponent,
            self.sq,
            self.depth,
            self.alpha,
            self.beta,
            opt(self.time_ms),
            opt(self.nodes)
        )
    }

    /// Reads a job's line.
    pub fn from_text(text: &str) -> Result<Job, WireError> {
        let w = words(text, "job", 9)?;
        let bad = || WireError(text.chars().take(80).collect());
        let mask = |s: &str| u64::from_str_radix(s, 16).map_err(|_| bad());
        let num = |s: &str| parse_opt::<i64>(s, text)?.ok_or_else(bad);
        let id = u32::try_from(num(w[0])?).map_err(|_| bad())?;
        let sq = u8::try_from(num(w[3])?)
            .ok()
            .filter(|&s| s < 64)
            .ok_or_else(bad)?;
        let depth = u32::try_from(num(w[4])?)
            .ok()
            .filter(|&d| d <= 60)
            .ok_or_else(bad)?;
        let alpha = i32::try_from(num(w[5])?).map_err(|_| bad())?;
        let beta = i32::try_from(num(w[6])?).map_err(|_| bad())?;
        let time_ms = parse_opt::<f64>(w[7], text)?;
        if time_ms.is_some_and(|t| !t.is_finite()) || alpha >= beta {
            return Err(bad());
        }
        Ok(Job {
            id,
            player: mask(w[1])?,
            opponent: mask(w[2])?,
            sq,
            depth,
            alpha,
            beta,
            time_ms,
            nodes: parse_opt(w[8], text)?,
        })
    }
}

impl JobResult {
    /// The result as one line.
    pub fn to_text(&self) -> String {
        format!("result {} {} {}", self.id, opt(self.value), self.nodes)
    }

    /// Reads a result's line.
    pub fn from_text(text: &str) -> Result<JobResult, WireError> {
        let w = words(text, "result", 3)?;
        let bad = || WireError(text.chars().take(80).collect());
        Ok(JobResult {
            id: w[0].parse().map_err(|_| bad())?,
            value: parse_opt(w[1], text)?,
            nodes: w[2].parse().map_err(|_| bad())?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_and_results_read_back_and_bad_lines_are_refused() {
        let job = Job {
            id: 7,
            player: 0x0000_0008_1000_0000,
            opponent: 0x0000_0010_0800_0000,
            sq: 19,
            depth: 9,
            alpha: -412,
            beta: -411,
            time_ms: Some(812.5),
            nodes: None,
        };
        assert_eq!(Job::from_text(&job.to_text()), Ok(job));
        let result = JobResult {
            id: 7,
            value: Some(-3),
            nodes: 120_331,
        };
        assert_eq!(JobResult::from_text(&result.to_text()), Ok(result));
        let aborted = JobResult {
            value: None,
            ..result
        };
        assert_eq!(JobResult::from_text(&aborted.to_text()), Ok(aborted));
        for bad in [
            "",
            "job 1 0 0 64 3 0 1 - -",
            "job 1 0 0 3 3 5 5 - -",
            "job 1 zz 0 3 3 0 1 - -",
            "job 1 0 0 3 3 0 1 -",
            "result 1 x 3",
            "job 1 0 0 3 3 0 1 NaN -",
        ] {
            assert!(
                Job::from_text(bad).is_err() && JobResult::from_text(bad).is_err(),
                "{bad}"
            );
        }
    }
}
