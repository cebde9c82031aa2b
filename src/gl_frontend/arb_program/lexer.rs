//! Tokens of ARB assembly program text, each with the byte offset GL reports as
//! GL_PROGRAM_ERROR_POSITION_ARB when the parser rejects it.

/// One token of program text.
#[derive(Clone, Debug, PartialEq)]
pub enum Token {
    Ident(String),
    /// A number and whether it was written as an integer (no point, no exponent).
    Number(f64, bool),
    /// `;` `,` `.` `[` `]` `{` `}` `=` `+` `-` `|`.
    Punct(char),
    /// `..` of a range `[a..b]`.
    DotDot,
    /// The end of the text.
    End,
}

/// A token and where it starts in the text.
#[derive(Clone, Debug, PartialEq)]
pub struct Spanned {
    pub token: Token,
    pub offset: usize,
}

/// Why the text could not be split into tokens.
#[derive(Clone, Debug, PartialEq)]
pub struct LexError {
    pub offset: usize,
    pub message: String,
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c == b'$'
}

fn is_ident_continue(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$'
}

/// Splits `text` (after the `!!ARB..1.0` header, which starts at `base`) into tokens; `#`
/// starts a comment that runs to the end of the line.
pub fn tokenize(text: &[u8], base: usize) -> Result<Vec<Spanned>, LexError> {
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c == b'#' {
            while i < text.len() && text[i] != b'\n' && text[i] != b'\r' {
                i += 1;
            }
            continue;
        }
        let offset = base + i;
        let at = |j: usize| text.get(j).copied().unwrap_or(0);
        if is_ident_start(c) {
            let start = i;
            while i < text.len() && is_ident_continue(text[i]) {
                i += 1;
            }
            let word = String::from_utf8_lossy(&text[start..i]).into_owned();
            tokens.push(Spanned { token: Token::Ident(word), offset });
            continue;
        }
        if c.is_ascii_digit() || (c == b'.' && at(i + 1).is_ascii_digit()) {
            let start = i;
            let mut integer = true;
            while at(i).is_ascii_digit() {
                i += 1;
            }
            // A point belongs to the number unless it starts `..` or a swizzle (`1.x`).
            let next = at(i + 1);
            let exponent_follows = (next == b'e' || next == b'E') && (at(i + 2).is_ascii_digit() || ((at(i + 2) == b'+' || at(i + 2) == b'-') && at(i + 3).is_ascii_digit()));
            if at(i) == b'.' && next != b'.' && (!is_ident_start(next) || exponent_follows) {
                integer = false;
                i += 1;
                while at(i).is_ascii_digit() {
                    i += 1;
                }
            }
            if (at(i) == b'e' || at(i) == b'E') && (at(i + 1).is_ascii_digit() || ((at(i + 1) == b'+' || at(i + 1) == b'-') && at(i + 2).is_ascii_digit())) {
                integer = false;
                i += 2;
                while at(i).is_ascii_digit() {
                    i += 1;
                }
            }
            let literal = String::from_utf8_lossy(&text[start..i]).into_owned();
            let value = literal.parse::<f64>().map_err(|_| LexError { offset, message: format!("malformed number `{literal}`") })?;
            tokens.push(Spanned { token: Token::Number(value, integer), offset });
            continue;
        }
        if c == b'.' && at(i + 1) == b'.' {
            tokens.push(Spanned { token: Token::DotDot, offset });
            i += 2;
            continue;
        }
        if b";,.[]{}=+-|".contains(&c) {
            tokens.push(Spanned { token: Token::Punct(c as char), offset });
            i += 1;
            continue;
        }
        return Err(LexError { offset, message: format!("unexpected character `{}`", c as char) });
    }
    tokens.push(Spanned { token: Token::End, offset: base + text.len() });
    Ok(tokens)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Token> {
        tokenize(text.as_bytes(), 0).unwrap().into_iter().map(|t| t.token).collect()
    }

    #[test]
    fn numbers_ranges_and_swizzles() {
        assert_eq!(kinds("1.5e-1"), vec![Token::Number(0.15, false), Token::End]);
        assert_eq!(kinds("[0..3]"), vec![Token::Punct('['), Token::Number(0.0, true), Token::DotDot, Token::Number(3.0, true), Token::Punct(']'), Token::End]);
        assert_eq!(kinds("3.5.x"), vec![Token::Number(3.5, false), Token::Punct('.'), Token::Ident("x".into()), Token::End]);
        assert_eq!(kinds("1."), vec![Token::Number(1.0, false), Token::End]);
        assert_eq!(kinds("e2 # comment"), vec![Token::Ident("e2".into()), Token::End]);
    }

    #[test]
    fn stray_character_is_reported_where_it_is() {
        let err = tokenize(b"MOV R0, @", 10).unwrap_err();
        assert_eq!(err.offset, 18);
    }
}
