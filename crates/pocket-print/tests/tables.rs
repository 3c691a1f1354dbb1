//! The census's table and JSON object (a weighted census, one with classes), and a
//! magic move's line, and the judge's totals.

use pocket::engine::census::{Census, Classes};
use pocket_print::{CensusTable, census_json};

#[test]
fn rows_text_and_json() {
    let c = Census {
        puzzle: "p".into(),
        metric: "cost".into(),
        moves: vec!["A".into()],
        subset: false,
        title: "p (3 stickers)".into(),
        cost_unit: Some(500),
        rows: Census::rows_from_counts(&[1, 0, 2], &[0, 0, 2]),
        symmetry: None,
    };
    assert_eq!(c.diameter(), 2);
    assert_eq!(c.positions(), [1, 0, 2]);
    assert_eq!(
        CensusTable(&c).to_string(),
        "p (3 stickers)\n    cost   positions  local maxima\n       0           1             0\n       1           2             2\n   total           3             2\n"
    );
    let j = census_json(&c);
    assert_eq!(j["distances"], serde_json::json!([0.0, 1.0]));
    assert!(j.get("classes").is_none());
    assert_eq!(j["diameter"], 1.0);
    assert_eq!(j["total_local_maxima"], 2);
}

#[test]
fn classes_add_columns_and_say_what_group() {
    let c = Census {
        puzzle: "p".into(),
        metric: "htm".into(),
        moves: vec!["R".into()],
        subset: false,
        title: "P".into(),
        cost_unit: None,
        rows: Census::rows_from_counts(&[1, 9], &[0, 9]),
        symmetry: Some(Classes {
            group: "the 48 symmetries".into(),
            order: 48,
            classes: vec![1, 2],
            with_inversion: Some(("up to the 48 symmetries and inversion".into(), vec![1, 1])),
        }),
    };
    let text = CensusTable(&c).to_string();
    assert!(text.contains("classes  with inverses"), "{text}");
    assert!(
        text.contains("   total          10             9         3              2"),
        "{text}"
    );
    assert!(
        text.contains("classes: up to the 48 symmetries\n"),
        "{text}"
    );
    assert!(
        text.contains("with inverses: up to the 48 symmetries and inversion"),
        "{text}"
    );
    let j = census_json(&c);
    assert_eq!(j["total_classes"], 3);
    assert_eq!(j["classes_with_inversion"], serde_json::json!([1, 1]));
}

/// The magic move's line: sequence, power, face and effect, tab-separated.
#[test]
fn a_magic_move_is_one_line() {
    use pocket::puzzle::Puzzle;
    use pocket::puzzle::searches::orbit::{Change, OrbitSearch, Rules};
    let cube = Puzzle::load("3x3x3").unwrap();
    let rules = Rules {
        change: Change::Cycle,
        ..Rules::new("corner")
    };
    let search = OrbitSearch::new(&cube, rules, &[]).unwrap();
    let found = search.of_length(5, 2);
    assert_eq!(
        pocket_print::magic_move_line(&found[0], &cube),
        "U R2 U L2 U2\tx2\tB\tcycle DRB->UBR->DBL"
    );
    let json = pocket_print::magic_move_json(&found[0], &cube);
    assert_eq!(json["turns"], 10);
}

/// The judge's closing lines say when an unclean run fails the entry.
#[test]
fn an_unclean_run_is_said_in_the_judges_totals() {
    use pocket::challenge::Summary;
    let summary = Summary {
        positions: 2,
        valid: 2,
        optimal: 2,
        unclean: 1,
        ..Summary::default()
    };
    let text = pocket_print::SummaryText(&summary).to_string();
    assert!(
        text.starts_with("2/2 valid, 2 optimal; longest -; slowest 0.0 ms\n"),
        "{text}"
    );
    assert!(text.contains("1 run left processes behind (see above): the entry does not pass"));
    assert!(
        text.ends_with("under-20 bonus: no; optimal bonus: no"),
        "{text}"
    );
    assert_eq!(pocket_print::summary_json(&summary)["passed"], false);
}
