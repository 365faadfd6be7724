//! The record files in `tests/data/records`: each good one passes every
//! check, and each in `bad/` fails the check its name says with the code
//! its name says (`digest.digest-mismatch.txt`).

use virada::record::{verify_text, Status};

#[test]
fn the_record_files_verify_as_their_names_say() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/records");
    let read = |p: &std::path::Path| std::fs::read_to_string(p).unwrap();
    let mut good = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let report = verify_text(&read(&path));
            assert!(report.all_passed(), "{}: {report}", path.display());
            good += 1;
        }
    }
    let mut bad = 0;
    for entry in std::fs::read_dir(format!("{dir}/bad")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let (check, code) = name.split_once('.').unwrap();
        let report = verify_text(&read(&path));
        let c = report
            .get(check)
            .unwrap_or_else(|| panic!("{name}: {report}"));
        assert_eq!(
            (c.status, c.code),
            (Status::Failed, code),
            "{name}: {report}"
        );
        bad += 1;
    }
    assert!(good >= 2 && bad >= 10);
}
