use super::classes::{has_byte, skip_without};
use super::*;

#[test]
fn metric_names_round_trip() {
    for m in Metric::ALL {
        assert_eq!(m.name().parse::<Metric>().unwrap(), m);
    }
    assert!("x".parse::<Metric>().is_err());
    assert_eq!(Metric::Qtm.steps().len(), 6);
    assert_eq!(Metric::Qtm.moves().len(), 9);
    assert_eq!(Metric::OneWay.moves().len(), 3);
}

#[test]
fn move_subsets() {
    let ru: Vec<Move> = Move::ALL
        .into_iter()
        .filter(|m| m.face() != crate::model::moves::Face::F)
        .collect();
    let c = census_in(Metric::Htm, &ru).unwrap();
    assert_eq!(c.total(), 29_160);
    assert_eq!(
        c.positions(),
        [
            1, 6, 18, 53, 148, 400, 910, 1882, 3276, 4628, 6198, 6325, 4352, 941, 22
        ]
    );
    let halves: Vec<Move> = Move::ALL.into_iter().filter(|m| m.is_half()).collect();
    let c = census_in(Metric::Htm, &halves).unwrap();
    assert_eq!(c.positions(), [1, 3, 6, 9, 5]);
    // In QTM each half turn is two quarter turns: the same positions, at twice
    // the distance.
    let c = census_in(Metric::Qtm, &halves).unwrap();
    assert_eq!(c.positions(), [1, 0, 3, 0, 6, 0, 9, 0, 5]);
}

#[test]
fn the_word_scan_passes_over_only_words_without_the_byte() {
    for b in [0u8, 1, 7, 19, 254, UNSEEN] {
        for at in 0..8 {
            for other in [0u8, 1, 0x80, 0xfe, UNSEEN] {
                let mut bytes = [other; 8];
                let plain = bytes.contains(&b);
                assert_eq!(has_byte(u64::from_ne_bytes(bytes), b), plain, "{b} {other}");
                bytes[at] = b;
                assert!(has_byte(u64::from_ne_bytes(bytes), b), "{b} at {at}");
            }
        }
    }
    let mut dist = vec![3u8; 100];
    dist[42] = 9;
    assert_eq!(skip_without(&dist, 0, 100, 9), 40);
    assert_eq!(skip_without(&dist, 48, 100, 9), 96); // the short run at the end
    assert_eq!(skip_without(&dist, 1, 30, 9), 25);
}

#[test]
fn the_census_by_classes_is_the_census_of_every_position() {
    for metric in Metric::ALL {
        assert_eq!(census(metric), census_plain(metric), "{metric}");
    }
}

#[test]
fn published_counts() {
    let all = census_all(&Metric::ALL);
    assert_eq!(
        all[0].positions(),
        [
            1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644
        ]
    );
    assert_eq!(
        all[0].local_maxima(),
        [0, 0, 0, 0, 11, 8, 96, 904, 13212, 413392, 604516, 2644]
    );
    assert_eq!(all[0].total_local_maxima(), 1_034_783);
    assert_eq!(
        all[1].positions(),
        [
            1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280,
            276
        ]
    );
    assert_eq!(
        all[1].local_maxima(),
        [
            0, 0, 0, 0, 0, 0, 0, 16, 53, 260, 1460, 34088, 402260, 88636, 276
        ]
    );
    assert_eq!(all[1].total_local_maxima(), 527_049);
    assert_eq!(
        all[2].positions(),
        [
            1, 3, 9, 27, 78, 216, 583, 1546, 4035, 10320, 25824, 62832, 146322, 321876, 635632,
            988788, 958176, 450280, 66420, 1192
        ]
    );
    for c in &all {
        assert_eq!(c.total(), crate::model::pieces::POSITIONS as u64);
    }
}
