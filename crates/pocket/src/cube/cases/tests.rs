use super::names::{OLL_NAMES, ring_order, twist_pattern};
use super::*;

#[test]
fn oll_names_are_seven_patterns() {
    let mut patterns: Vec<[u8; 4]> = OLL_NAMES
        .iter()
        .map(|&(_, a)| twist_pattern(&Cube::SOLVED.apply_alg(&a.parse::<Alg>().unwrap().inverse())))
        .collect();
    patterns.sort();
    patterns.dedup();
    assert_eq!(patterns.len(), 7);
    assert!(!patterns.contains(&[0; 4]));
}

#[test]
fn ring_orders() {
    assert_eq!(ring_order([0, 1, 2, 3], [0, 1, 2, 3]), "solved");
    assert_eq!(ring_order([1, 2, 3, 0], [0, 1, 2, 3]), "solved");
    assert_eq!(ring_order([1, 0, 2, 3], [0, 1, 2, 3]), "adj");
    assert_eq!(ring_order([2, 1, 0, 3], [0, 1, 2, 3]), "diag");
}

/// csTimer's case names land each in its own case of pocket's set, and for CLL and EG
/// in the OLL family of the same name, a case of as many positions as csTimer weighs
/// it: checks of how its cubie model was read.
#[test]
fn cstimer_names_one_case_each_in_the_same_family() {
    let family = |name: &'static str| -> &'static str {
        match name.split('-').next() {
            Some("S") => "Sune",
            Some("aS") => "Antisune",
            Some(f) => f,
            None => "",
        }
    };
    for set in CaseSet::ALL {
        let named = super::cstimer::cstimer_cases(set);
        let sheet = case_sheet(set, &finger_costs()).expect("a sheet");
        let mut seen = std::collections::HashSet::new();
        let mut per_weight = std::collections::HashSet::new();
        for (cube, weight, name) in &named {
            assert!(set.contains(cube), "{} {name}: not in the set", set.name());
            let case = sheet.case_of(cube).expect("a case of the set");
            assert!(
                seen.insert(case.name.clone()),
                "{} {name}: twice",
                set.name()
            );
            assert_eq!(case.cstimer, Some(*name));
            // csTimer draws a case by how many positions it is: a set's cases have
            // the same number of positions per unit of weight.
            per_weight.insert(case.positions / usize::from(*weight));
            assert_eq!(case.positions % usize::from(*weight), 0, "{name}");
            if matches!(set, CaseSet::Cll | CaseSet::Eg1 | CaseSet::Eg2) {
                assert!(
                    case.name.starts_with(family(name)),
                    "{name} is {}",
                    case.name
                );
            }
        }
        assert!(per_weight.len() <= 1, "{}: {per_weight:?}", set.name());
        let unnamed: Vec<_> = sheet.cases.iter().filter(|c| c.cstimer.is_none()).collect();
        let expected = match set {
            CaseSet::Ortega | CaseSet::Pbl => sheet.cases.len(),
            CaseSet::Cll | CaseSet::Eg1 | CaseSet::Eg2 => 3,
            CaseSet::TcllPlus | CaseSet::TcllMinus => 0,
        };
        assert_eq!(
            unnamed.len(),
            expected,
            "{}: {:?}",
            set.name(),
            unnamed.iter().map(|c| &c.name).collect::<Vec<_>>()
        );
    }
}

/// csTimer's EG-1 trainer puts any of four D-layer orders under a case (an adjacent
/// swap, or a three-cycle around the fixed corner): each is the one case here.
#[test]
fn cstimer_eg1_bottoms_are_one_case() {
    use super::cstimer::{CLL, cstimer_state};
    let sheet = case_sheet(CaseSet::Eg1, &finger_costs()).expect("a sheet");
    for &(place, twist, _, name) in &CLL {
        let cases: Vec<_> = [[6, 5, 4], [5, 4, 6], [5, 6, 4], [6, 4, 5]]
            .into_iter()
            .map(|bottom| cstimer_state((place, twist), bottom, [0; 3], ""))
            .map(|cube| sheet.case_of(&cube).map(|c| c.name.clone()))
            .collect();
        assert!(cases[0].is_some(), "{name}");
        assert!(cases.iter().all(|c| *c == cases[0]), "{name}: {cases:?}");
    }
}
