//! The crate's JSON, written in one place: a tiny writer for the snapshots,
//! events, reports and replays the page reads. Objects and arrays are
//! written field by field, in order, with no space; strings are escaped
//! (`"` and `\`, control characters and U+2028/U+2029 as `\uXXXX`), so any
//! text (a word, a record) is safe inside. A leaf: it imports nothing of
//! the crate. (serde_json would cost the page's download; this does not.)
//!
//! ```
//! use virada::json;
//! let text = json::object(|o| {
//!     o.field("move", "f5").field("over", false).field("last", None::<u32>);
//!     o.array("flips", |a| {
//!         a.items([36, 44]);
//!     });
//! });
//! assert_eq!(text, r#"{"move":"f5","over":false,"last":null,"flips":[36,44]}"#);
//! assert_eq!(json::string("a \"b\"\n"), r#""a \"b\"\u000a""#);
//! ```

use std::fmt::{self, Write as _};

/// Something the writer writes as one JSON value.
pub trait Value {
    /// Appends the value's JSON to `out`.
    fn write_json(&self, out: &mut String);
}

/// Text that is JSON already, written as it is.
#[derive(Clone, Copy, Debug)]
pub struct Raw<'a>(pub &'a str);

/// Appends `s` as a JSON string literal.
pub fn write_string(out: &mut String, s: &str) {
    out.push('"');
    let _ = Escape(out).write_str(s);
    out.push('"');
}

/// Writes into a string, escaped for the inside of a JSON string literal.
struct Escape<'a>(&'a mut String);

impl fmt::Write for Escape<'_> {
    // Not inlined: every string goes through here, and the page's wasm is
    // smaller with one copy.
    #[inline(never)]
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            match c {
                '"' => self.0.push_str("\\\""),
                '\\' => self.0.push_str("\\\\"),
                c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                    write!(self.0, "\\u{:04x}", c as u32)?;
                }
                c => self.0.push(c),
            }
        }
        Ok(())
    }
}

/// `s` as a JSON string literal.
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    write_string(&mut out, s);
    out
}

/// An object written into a new string: `fill` writes its fields.
pub fn object(fill: impl FnOnce(&mut Object<'_>)) -> String {
    let mut out = String::with_capacity(256);
    object_into(&mut out, fill);
    out
}

/// An object appended to `out`: `fill` writes its fields.
pub fn object_into(out: &mut String, fill: impl FnOnce(&mut Object<'_>)) {
    out.push('{');
    fill(&mut Object { out, empty: true });
    out.push('}');
}

/// An array written into a new string: `fill` writes its items.
pub fn array(fill: impl FnOnce(&mut Array<'_>)) -> String {
    let mut out = String::with_capacity(64);
    out.push('[');
    fill(&mut Array {
        out: &mut out,
        empty: true,
    });
    out.push(']');
    out
}

/// A JSON object being written: its fields, in order.
pub struct Object<'a> {
    out: &'a mut String,
    empty: bool,
}

impl Object<'_> {
    #[inline(never)]
    fn key(&mut self, key: &str) -> &mut String {
        if !std::mem::take(&mut self.empty) {
            self.out.push(',');
        }
        write_string(self.out, key);
        self.out.push(':');
        self.out
    }

    /// The field `key` with `value`.
    #[inline(always)]
    pub fn field(&mut self, key: &str, value: impl Value) -> &mut Self {
        self.field_dyn(key, &value)
    }

    // One copy for every type of value: the page's wasm is smaller so.
    #[inline(never)]
    fn field_dyn(&mut self, key: &str, value: &dyn Value) -> &mut Self {
        value.write_json(self.key(key));
        self
    }

    /// The field `key` with an object that `fill` writes.
    pub fn object(&mut self, key: &str, fill: impl FnOnce(&mut Object<'_>)) -> &mut Self {
        object_into(self.key(key), fill);
        self
    }

    /// The field `key` with an array that `fill` writes.
    pub fn array(&mut self, key: &str, fill: impl FnOnce(&mut Array<'_>)) -> &mut Self {
        let out = self.key(key);
        out.push('[');
        fill(&mut Array { out, empty: true });
        out.push(']');
        self
    }
}

/// A JSON array being written: its items, in order.
pub struct Array<'a> {
    out: &'a mut String,
    empty: bool,
}

impl Array<'_> {
    #[inline(never)]
    fn next(&mut self) -> &mut String {
        if !std::mem::take(&mut self.empty) {
            self.out.push(',');
        }
        self.out
    }

    /// One item.
    #[inline(always)]
    pub fn item(&mut self, value: impl Value) -> &mut Self {
        self.item_dyn(&value)
    }

    // One copy for every type of value, as for fields.
    #[inline(never)]
    fn item_dyn(&mut self, value: &dyn Value) -> &mut Self {
        value.write_json(self.next());
        self
    }

    /// Every item of `values`, in order.
    pub fn items<V: Value>(&mut self, values: impl IntoIterator<Item = V>) -> &mut Self {
        for v in values {
            self.item(v);
        }
        self
    }

    /// An object that `fill` writes.
    pub fn object(&mut self, fill: impl FnOnce(&mut Object<'_>)) -> &mut Self {
        object_into(self.next(), fill);
        self
    }

    /// An array that `fill` writes.
    pub fn array(&mut self, fill: impl FnOnce(&mut Array<'_>)) -> &mut Self {
        let out = self.next();
        out.push('[');
        fill(&mut Array { out, empty: true });
        out.push(']');
        self
    }
}

impl Value for str {
    fn write_json(&self, out: &mut String) {
        write_string(out, self);
    }
}

impl Value for String {
    fn write_json(&self, out: &mut String) {
        write_string(out, self);
    }
}

/// Anything shown with `Display`, written as a string (escaped) with no
/// string in between: `Shown(mv)`, `Shown(format_args!("bot:{level}"))`.
#[derive(Clone, Copy, Debug)]
pub struct Shown<T>(pub T);

impl<T: fmt::Display> Value for Shown<T> {
    fn write_json(&self, out: &mut String) {
        out.push('"');
        let _ = write!(Escape(out), "{}", self.0);
        out.push('"');
    }
}

impl Value for bool {
    fn write_json(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

impl Value for Raw<'_> {
    fn write_json(&self, out: &mut String) {
        out.push_str(self.0);
    }
}

impl<T: Value + ?Sized> Value for &T {
    fn write_json(&self, out: &mut String) {
        (**self).write_json(out);
    }
}

/// `null` for `None`.
impl<T: Value> Value for Option<T> {
    fn write_json(&self, out: &mut String) {
        match self {
            Some(v) => v.write_json(out),
            None => out.push_str("null"),
        }
    }
}

impl Value for u64 {
    fn write_json(&self, out: &mut String) {
        let _ = write!(out, "{self}");
    }
}

impl Value for i64 {
    fn write_json(&self, out: &mut String) {
        let _ = write!(out, "{self}");
    }
}

/// As Rust writes it (`3`, `-1.5`).
impl Value for f64 {
    fn write_json(&self, out: &mut String) {
        let _ = write!(out, "{self}");
    }
}

/// The other integers, through the widest of their sign.
macro_rules! integers {
    ($($t:ty => $wide:ty),*) => {$(
        impl Value for $t {
            fn write_json(&self, out: &mut String) {
                <$wide>::from(*self).write_json(out);
            }
        }
    )*};
}

integers!(u8 => u64, u16 => u64, u32 => u64, i32 => i64);

impl Value for usize {
    fn write_json(&self, out: &mut String) {
        (*self as u64).write_json(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped() {
        assert_eq!(string("pão"), "\"pão\"");
        assert_eq!(string("\"\\\n\t\u{1}"), r#""\"\\\u000a\u0009\u0001""#);
        assert_eq!(string("\u{2028}\u{2029}/"), r#""\u2028\u2029/""#);
    }

    #[test]
    fn objects_and_arrays_nest() {
        let text = object(|o| {
            o.field("n", -3i32)
                .field("v", 1.5f64)
                .field("raw", Raw("[1]"))
                .array("rows", |a| {
                    a.array(|a| {
                        a.item("f5").item("X").item(true);
                    })
                    .object(|o| {
                        o.field("k", Some("v"));
                    });
                })
                .object("empty", |_| {});
        });
        assert_eq!(
            text,
            r#"{"n":-3,"v":1.5,"raw":[1],"rows":[["f5","X",true],{"k":"v"}],"empty":{}}"#
        );
        assert_eq!(array(|_| {}), "[]");
    }
}
