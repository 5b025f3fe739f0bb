//! Human-friendly units on the command line: stack and memory sizes, durations.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use anyhow::{anyhow, bail, Result};

/// A resource limit in bytes, or no limit at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Limit {
    Bytes(u64),
    Unlimited,
}

impl Limit {
    /// The byte count, `None` when unlimited (this is how results.json spells it).
    pub fn bytes(self) -> Option<u64> {
        match self {
            Limit::Bytes(b) => Some(b),
            Limit::Unlimited => None,
        }
    }
}

impl FromStr for Limit {
    type Err = anyhow::Error;

    /// Accepts `8MiB`, `8M`, `512KiB`, `64 MiB`, `1048576` and `unlimited`.
    /// Single-letter suffixes are binary (`8M` = 8 MiB), as `ulimit` users expect.
    fn from_str(text: &str) -> Result<Self> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("unlimited") {
            return Ok(Limit::Unlimited);
        }
        let bytes = parse_size::Config::new()
            .with_binary()
            .parse_size(text)
            .map_err(|e| anyhow!("invalid size {text:?}: {e} (try 8MiB, 512KiB, 1048576 or unlimited)"))?;
        if bytes == 0 {
            bail!("invalid size {text:?}: must be greater than zero");
        }
        Ok(Limit::Bytes(bytes))
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Limit::Unlimited => f.write_str("unlimited"),
            Limit::Bytes(b) => f.write_str(&format_bytes(b)),
        }
    }
}

/// `8388608` → `8 MiB`, `1536` → `1.5 KiB`, `100` → `100 B`.
pub fn format_bytes(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else if value.fract() == 0.0 {
        format!("{value:.0} {}", UNITS[unit])
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// The longest timeout of a trial: a day. Longer ones are mistakes (`1e19` seconds), and deadlines
/// that far ahead overflow the clock's arithmetic.
pub const MAX_TIMEOUT: Duration = Duration::from_secs(24 * 60 * 60);

/// A trial's timeout: a duration ([`parse_duration`]) of at most [`MAX_TIMEOUT`].
pub fn parse_timeout(text: &str) -> Result<Duration> {
    let text = text.trim();
    // Also what is too long to be a duration at all (`1e30`, `1e30d`) is longer than a day.
    let too_long = match text.parse::<f64>() {
        Ok(secs) => secs > MAX_TIMEOUT.as_secs_f64(),
        Err(_) => match humantime::parse_duration(text) {
            Ok(duration) => duration > MAX_TIMEOUT,
            Err(error) => error == humantime::DurationError::NumberOverflow,
        },
    };
    if too_long {
        bail!("invalid timeout {text:?}: more than a day (24h), the longest a trial may take");
    }
    parse_duration(text)
}

/// Parses `10`, `10s`, `500ms`, `1m 30s`; a bare number means seconds.
pub fn parse_duration(text: &str) -> Result<Duration> {
    let text = text.trim();
    let parsed = match text.parse::<f64>() {
        Ok(secs) if secs.is_finite() && secs > 0.0 => {
            Duration::try_from_secs_f64(secs).map_err(|_| anyhow!("too long to be a duration"))
        }
        Ok(_) => Err(anyhow!("must be greater than zero")),
        Err(_) => humantime::parse_duration(text).map_err(|e| anyhow!("{e}")),
    };
    match parsed {
        Ok(d) if d.is_zero() => bail!("invalid duration {text:?}: must be greater than zero"),
        Ok(d) => Ok(d),
        Err(e) => bail!("invalid duration {text:?}: {e} (try 10, 10s or 500ms)"),
    }
}

/// `87289` → `87,289`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_in_every_accepted_spelling() {
        let mib = 1024 * 1024;
        for (text, want) in [
            ("8MiB", Limit::Bytes(8 * mib)),
            ("8M", Limit::Bytes(8 * mib)),
            ("8 MiB", Limit::Bytes(8 * mib)),
            ("512KiB", Limit::Bytes(512 * 1024)),
            ("64MiB", Limit::Bytes(64 * mib)),
            ("1048576", Limit::Bytes(mib)),
            ("unlimited", Limit::Unlimited),
            ("UNLIMITED", Limit::Unlimited),
        ] {
            assert_eq!(text.parse::<Limit>().unwrap(), want, "{text}");
        }
    }

    #[test]
    fn bad_sizes_are_rejected_with_the_input_named() {
        for text in ["", "abc", "8XB", "-1", "0"] {
            let err = text.parse::<Limit>().unwrap_err().to_string();
            assert!(err.contains(&format!("{text:?}")), "{err}");
        }
    }

    #[test]
    fn sizes_format_back_readably() {
        assert_eq!(Limit::Bytes(8 * 1024 * 1024).to_string(), "8 MiB");
        assert_eq!(Limit::Bytes(1536).to_string(), "1.5 KiB");
        assert_eq!(Limit::Bytes(100).to_string(), "100 B");
        assert_eq!(Limit::Unlimited.to_string(), "unlimited");
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("1").unwrap(), Duration::from_secs(1));
        assert_eq!(parse_duration("1s").unwrap(), Duration::from_secs(1));
        assert_eq!(parse_duration("500ms").unwrap(), Duration::from_millis(500));
        assert_eq!(parse_duration("0.25").unwrap(), Duration::from_millis(250));
        assert!(parse_duration("0").is_err());
        // Too long for a Duration: an error, not a panic.
        assert!(parse_duration("1e30").unwrap_err().to_string().contains("too long"));
        assert!(parse_duration("soon").unwrap_err().to_string().contains("\"soon\""));
    }

    #[test]
    fn timeouts_are_at_most_a_day() {
        assert_eq!(parse_timeout("24h").unwrap(), MAX_TIMEOUT);
        assert_eq!(parse_timeout("86400").unwrap(), MAX_TIMEOUT);
        for long in ["86401", "1e19", "1e30", "inf", "100000d", "25h", "99999999999999999999999d"] {
            let error = parse_timeout(long).unwrap_err().to_string();
            assert!(error.contains("more than a day (24h)"), "{long}: {error}");
        }
        assert!(parse_timeout("0").is_err() && parse_timeout("soon").is_err());
    }
}
