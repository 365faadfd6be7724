//! Untrusted text made safe to quote in a message: a leaf every layer's
//! errors use.

/// Cuts untrusted text to a short, printable excerpt for messages: at most
/// 40 characters, control characters replaced, `…` when cut.
pub(crate) fn excerpt(s: &str) -> String {
    let mut out: String = s
        .chars()
        .take(40)
        .map(|c| if c.is_control() { '\u{fffd}' } else { c })
        .collect();
    if s.chars().count() > 40 {
        out.push('…');
    }
    out
}
