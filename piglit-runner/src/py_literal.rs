//! The Python literals that piglit writes into its profile XML (`repr()` of lists, sets,
//! strings, numbers, booleans), read the way `ast.literal_eval` reads them.

/// A Python literal value.
#[derive(Clone, Debug, PartialEq)]
pub enum PyValue {
    Str(String),
    Number(f64),
    Bool(bool),
    None,
    /// A list, a tuple or a set: piglit only iterates them.
    Seq(Vec<PyValue>),
}

impl PyValue {
    pub fn as_str(&self) -> Option<&str> {
        match self {
            PyValue::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The strings of a sequence; `None` when the value is not a sequence of strings.
    pub fn as_str_list(&self) -> Option<Vec<String>> {
        match self {
            PyValue::Seq(items) => items.iter().map(|v| v.as_str().map(str::to_owned)).collect(),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            PyValue::Number(n) => Some(*n),
            _ => None,
        }
    }

    /// Python truthiness, for options such as `run_concurrent`.
    pub fn truthy(&self) -> bool {
        match self {
            PyValue::Str(s) => !s.is_empty(),
            PyValue::Number(n) => *n != 0.0,
            PyValue::Bool(b) => *b,
            PyValue::None => false,
            PyValue::Seq(items) => !items.is_empty(),
        }
    }
}

/// Parses one literal. Like piglit, a value that is no literal at all is kept as a plain
/// string (piglit falls back to the raw text when `literal_eval` raises `ValueError`).
pub fn parse_or_raw(text: &str) -> PyValue {
    parse(text).unwrap_or_else(|_| PyValue::Str(text.to_owned()))
}

/// Parses one literal, or says where it stops making sense.
pub fn parse(text: &str) -> Result<PyValue, String> {
    let mut reader = Reader { chars: text.chars().collect(), pos: 0 };
    let value = reader.value()?;
    reader.skip_space();
    if reader.pos != reader.chars.len() {
        return Err(format!("trailing text at offset {} in `{text}`", reader.pos));
    }
    Ok(value)
}

struct Reader {
    chars: Vec<char>,
    pos: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn value(&mut self) -> Result<PyValue, String> {
        self.skip_space();
        match self.peek() {
            Some('\'') | Some('"') => self.string().map(PyValue::Str),
            Some('[') => self.sequence(']'),
            Some('(') => self.sequence(')'),
            Some('{') => self.sequence('}'),
            Some(c) if c.is_ascii_digit() || c == '-' || c == '+' || c == '.' => self.number(),
            Some(c) if c.is_ascii_alphabetic() => self.word(),
            Some(c) => Err(format!("unexpected `{c}` at offset {}", self.pos)),
            None => Err("empty literal".to_owned()),
        }
    }

    fn word(&mut self) -> Result<PyValue, String> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            self.pos += 1;
        }
        let word: String = self.chars[start..self.pos].iter().collect();
        match word.as_str() {
            "True" => Ok(PyValue::Bool(true)),
            "False" => Ok(PyValue::Bool(false)),
            "None" => Ok(PyValue::None),
            // `set()` is how Python writes an empty set.
            "set" if self.chars[self.pos..].starts_with(&['(', ')']) => {
                self.pos += 2;
                Ok(PyValue::Seq(Vec::new()))
            }
            _ => Err(format!("`{word}` is not a literal")),
        }
    }

    fn number(&mut self) -> Result<PyValue, String> {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '+' | '_'))
        {
            self.pos += 1;
        }
        let text: String = self.chars[start..self.pos].iter().filter(|&&c| c != '_').collect();
        text.parse::<f64>()
            .map(PyValue::Number)
            .map_err(|_| format!("`{text}` is not a number"))
    }

    fn string(&mut self) -> Result<String, String> {
        let quote = self.chars[self.pos];
        self.pos += 1;
        let mut out = String::new();
        loop {
            let c = self.peek().ok_or("unterminated string")?;
            self.pos += 1;
            if c == quote {
                return Ok(out);
            }
            if c != '\\' {
                out.push(c);
                continue;
            }
            let escaped = self.peek().ok_or("unterminated escape")?;
            self.pos += 1;
            match escaped {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'r' => out.push('\r'),
                '0' => out.push('\0'),
                'x' => out.push(self.hex_char(2)?),
                'u' => out.push(self.hex_char(4)?),
                'U' => out.push(self.hex_char(8)?),
                '\\' | '\'' | '"' => out.push(escaped),
                other => {
                    out.push('\\');
                    out.push(other);
                }
            }
        }
    }

    fn hex_char(&mut self, digits: usize) -> Result<char, String> {
        let end = self.pos + digits;
        if end > self.chars.len() {
            return Err("short escape".to_owned());
        }
        let text: String = self.chars[self.pos..end].iter().collect();
        self.pos = end;
        u32::from_str_radix(&text, 16)
            .ok()
            .and_then(char::from_u32)
            .ok_or_else(|| format!("bad escape `{text}`"))
    }

    fn sequence(&mut self, close: char) -> Result<PyValue, String> {
        self.pos += 1;
        let mut items = Vec::new();
        loop {
            self.skip_space();
            if self.peek() == Some(close) {
                self.pos += 1;
                return Ok(PyValue::Seq(items));
            }
            items.push(self.value()?);
            self.skip_space();
            match self.peek() {
                Some(',') => self.pos += 1,
                Some(c) if c == close => {}
                Some(c) => return Err(format!("expected `,` or `{close}`, found `{c}`")),
                None => return Err(format!("missing `{close}`")),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_shapes_piglit_writes() {
        assert_eq!(
            parse("['shader_runner', 'tests/a b.shader_test']").unwrap().as_str_list(),
            Some(vec!["shader_runner".to_owned(), "tests/a b.shader_test".to_owned()])
        );
        assert_eq!(
            parse("{'GL_ARB_a', \"GL_ARB_b\"}").unwrap().as_str_list().unwrap().len(),
            2
        );
        assert_eq!(parse("'compat'").unwrap(), PyValue::Str("compat".to_owned()));
        assert_eq!(parse("1.5").unwrap().as_f64(), Some(1.5));
        assert_eq!(parse("True").unwrap(), PyValue::Bool(true));
        assert_eq!(parse("set()").unwrap(), PyValue::Seq(vec![]));
        assert_eq!(parse("[]").unwrap(), PyValue::Seq(vec![]));
    }

    #[test]
    fn reads_escapes() {
        assert_eq!(parse(r"'it\'s \\ \x41'").unwrap(), PyValue::Str("it's \\ A".to_owned()));
    }

    #[test]
    fn bad_literals_are_errors_and_fall_back_to_raw_text() {
        assert!(parse("['a', ").is_err());
        assert!(parse("'open").is_err());
        assert!(parse("vert").is_err());
        assert_eq!(parse_or_raw("vert"), PyValue::Str("vert".to_owned()));
    }
}
