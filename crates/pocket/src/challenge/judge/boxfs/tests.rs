//! The box's file system checked: descriptor paths written without allocating,
//! and the root planned for a run; apart from the code they check.

use super::*;

#[test]
fn descriptor_paths_without_allocating() {
    let mut buf = [0u8; 32];
    fd_path(&mut buf, 7);
    assert_eq!(&buf[..16], b"/proc/self/fd/7\0");
    fd_path(&mut buf, 1234);
    assert_eq!(&buf[..19], b"/proc/self/fd/1234\0");
}

#[test]
fn the_root_holds_what_is_named_and_the_system() {
    let dir = std::env::temp_dir().join(format!("pocket-boxfs-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("inner")).unwrap();
    std::fs::write(dir.join("inner/solver.sh"), "").unwrap();
    let read_only = [dir.join("inner"), PathBuf::from("/usr/bin")];
    let fs = BoxFs::new(&Given {
        read_only: &read_only,
        writable: std::slice::from_ref(&dir),
        tmp_mib: Some(64),
        id: Some(1234),
        cwd: Some(dir.join("inner")),
    })
    .unwrap();
    let at: Vec<&str> = fs.entries.iter().map(|e| e.at.to_str().unwrap()).collect();
    for path in [
        "/tmp/usr",
        "/tmp/etc/passwd",
        "/tmp/dev/null",
        "/tmp/proc",
        "/tmp/tmp",
    ] {
        assert!(at.contains(&path), "{path} in {at:?}");
    }
    assert!(!at.contains(&"/tmp/home") && !at.contains(&"/tmp/root"));
    assert!(!at.contains(&"/tmp/usr/bin"), "held by /usr already");
    // Parents come before what lies in them.
    let inner = format!("/tmp{}", dir.join("inner").display());
    let top = format!("/tmp{}", dir.display());
    let pos = |p: &str| at.iter().position(|a| *a == p).unwrap();
    assert!(pos("/tmp/tmp") < pos(&top) && pos(&top) < pos(&inner));
    assert_eq!(
        fs.cwd.to_str().unwrap(),
        dir.join("inner").to_str().unwrap()
    );
    let passwd = fs.entries.iter().find_map(|e| match &e.made {
        Made::File(bytes) if e.at.to_str() == Ok("/tmp/etc/passwd") => Some(bytes.clone()),
        _ => None,
    });
    assert!(
        String::from_utf8(passwd.unwrap())
            .unwrap()
            .contains(":1234:1234:")
    );
    assert_eq!(
        fs.tmpfs.to_str().unwrap(),
        "size=64m,nr_inodes=16384,mode=1777"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
