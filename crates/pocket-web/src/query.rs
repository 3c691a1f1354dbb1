//! Reading a link's query as the bytes sent.

/// The value of parameter `name` in a raw URL query (`a=1&b=%FF`), percent-decoded
/// to the bytes sent (`+` is a space), with no UTF-8 decoding: so a byte that is not
/// UTF-8 reaches the state parser as it does from the command line, which names it.
pub fn query_bytes(raw: &str, name: &str) -> Option<Vec<u8>> {
    let value = raw.split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        (key == name).then_some(value)
    })?;
    let hex = |b: u8| (b as char).to_digit(16);
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_values_as_bytes() {
        assert_eq!(
            query_bytes("a=1&state=UU%FF+x%2", "state").unwrap(),
            b"UU\xFF x%2"
        );
        assert_eq!(query_bytes("state", "state").unwrap(), b"");
        assert!(query_bytes("a=1", "state").is_none());
    }
}
