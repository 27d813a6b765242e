//! Environment variables, read the way Mesa reads them.

/// Mesa's `env_var_as_boolean`: `1`, `true`, `yes`, `y` (any case) are true,
/// `0`, `false`, `no`, `n` are false, anything else (or unset) is `default`.
pub fn bool_var(name: &str, default: bool) -> bool {
    match std::env::var(name) {
        Ok(v) => parse_bool(&v).unwrap_or(default),
        Err(_) => default,
    }
}

/// Parses a Mesa-style boolean.
pub fn parse_bool(v: &str) -> Option<bool> {
    match v.to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "y" => Some(true),
        "0" | "false" | "no" | "n" => Some(false),
        _ => None,
    }
}

/// A variable's value when set and not empty.
pub fn non_empty(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
}

#[cfg(test)]
mod tests {
    #[test]
    fn booleans() {
        assert_eq!(super::parse_bool("TRUE"), Some(true));
        assert_eq!(super::parse_bool("n"), Some(false));
        assert_eq!(super::parse_bool("maybe"), None);
    }
}
