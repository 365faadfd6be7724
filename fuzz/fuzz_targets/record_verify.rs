//! The verifier on any text: never a panic, and a report with at least the
//! format check, as JSON too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use virada::record::verify_text;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let report = verify_text(&text);
    assert_eq!(report.checks[0].check, "format");
    let _ = report.to_json();
    let _ = report.to_string();
});
