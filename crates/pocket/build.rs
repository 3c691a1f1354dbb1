//! Computes the built-in HTM distance table: the distance of every position from
//! solved, mod 3, two bits a position (918,540 bytes), into `OUT_DIR/htm-mod3.bin`.
//! The crate includes it (`crate::cube::table`), so a batch in the default metric is
//! answered from the table from the start instead of after a 65 ms build. The move
//! tables are the crate's own (`src/model/move_tables.rs`, included here), so the
//! coordinate cannot disagree.

#[allow(dead_code)]
#[path = "src/model/move_tables.rs"]
mod move_tables;

use move_tables::{MOVES, POSITIONS, TWISTS, build_tables};

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/model/move_tables.rs");
    let t = build_tables();
    let n = POSITIONS as usize;
    let mut dist = vec![u8::MAX; n];
    let mut queue: Vec<u32> = Vec::with_capacity(n);
    dist[0] = 0;
    queue.push(0);
    let mut head = 0;
    while head < queue.len() {
        let x = queue[head];
        head += 1;
        let (p, w) = ((x / TWISTS) as usize, (x % TWISTS) as usize);
        let next = dist[x as usize] + 1;
        for m in 0..MOVES {
            let y = t.perm[p][m] as usize * TWISTS as usize + t.twist[w][m] as usize;
            if dist[y] == u8::MAX {
                dist[y] = next;
                queue.push(y as u32);
            }
        }
    }
    assert_eq!(queue.len(), n, "every position is reached in HTM");
    let mut packed = vec![0u8; n.div_ceil(4)];
    for (i, &d) in dist.iter().enumerate() {
        packed[i / 4] |= (d % 3) << (2 * (i % 4));
    }
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("htm-mod3.bin"), packed).expect("write the HTM table");
}
