//! The record parser on any bytes: never a panic; what it reads, it writes
//! back to a text that reads the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use virada::record::{parse, write_record};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse(text) {
        Ok(record) => {
            let again = parse(&write_record(&record)).expect("a written record reads");
            assert_eq!(again.seats, record.seats);
            assert_eq!(again.word, record.word);
            assert_eq!(again.moves, record.moves);
            assert_eq!(again.result, record.result);
            assert_eq!(again.digest, again.body_digest);
        }
        Err(e) => {
            let _ = (e.code(), e.params(), e.to_string());
        }
    }
});
