//! Peak memory of a goal solve that settles every position (a fully specified goal
//! 11 moves away): it stays within the 64 MB of plain solving. One test in this
//! file, since the figure read is the largest among all children of the process.

#[test]
fn a_full_goal_stays_within_64_mb() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_pocket"))
        .args(["solve", "--goal", "UUUULLFFRRBBLLFFRRBBDDDD"])
        .arg("UUUDLLFRFRBBLLFRFRBBDUDD")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout)
            .split_whitespace()
            .count(),
        11
    );
    // SAFETY: getrusage fills the struct we pass and touches nothing else.
    let peak_kb = unsafe {
        let mut u: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut u);
        u.ru_maxrss
    };
    assert!(peak_kb < 64 * 1024, "peak {peak_kb} KB");
}
