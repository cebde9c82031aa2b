//! Evaluates the integer expression of `#if` and `#elif` after macro expansion.

use super::scan::{PpKind, PpToken};

/// Deeper nesting than this in one `#if` line is refused rather than risking the stack.
const MAX_DEPTH: u32 = 200;

pub struct ConditionParser<'a> {
    tokens: &'a [PpToken],
    pos: usize,
    depth: u32,
    undefined_is_error: bool,
}

/// Evaluates `tokens` (already expanded, `defined` already replaced). ESSL makes an
/// evaluated identifier that is not a macro an error (`undefined_is_error`); desktop
/// GLSL reads it as 0, as C does.
pub fn evaluate(tokens: &[PpToken], undefined_is_error: bool) -> Result<i64, String> {
    if tokens.is_empty() {
        return Err("#if with no expression".into());
    }
    let mut p = ConditionParser { tokens, pos: 0, depth: 0, undefined_is_error };
    let v = p.ternary(true)?;
    if p.pos < tokens.len() {
        return Err(format!("syntax error, unexpected `{}' in #if expression", tokens[p.pos].text));
    }
    Ok(v)
}

fn parse_int(text: &str) -> Result<i64, String> {
    let t = text.trim_end_matches(['u', 'U']);
    let v = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        u64::from_str_radix(h, 16)
    } else if t.len() > 1 && t.starts_with('0') {
        u64::from_str_radix(&t[1..], 8)
    } else {
        t.parse::<u64>()
    };
    v.map(|v| v as i64).map_err(|_| format!("invalid integer `{}' in #if expression", text))
}

impl ConditionParser<'_> {
    fn peek(&self) -> Option<&str> {
        self.tokens.get(self.pos).map(|t| &*t.text)
    }

    fn eat(&mut self, s: &str) -> bool {
        if self.peek() == Some(s) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// `eval` false means the operand is short-circuited away: its errors
    /// (division by zero) do not count.
    fn ternary(&mut self, eval: bool) -> Result<i64, String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err("#if expression nested too deeply".into());
        }
        let c = self.binary(0, eval)?;
        let r = if self.eat("?") {
            let a = self.ternary(eval && c != 0)?;
            if !self.eat(":") {
                return Err("syntax error in #if expression, expected `:'".into());
            }
            let b = self.ternary(eval && c == 0)?;
            if c != 0 { a } else { b }
        } else {
            c
        };
        self.depth -= 1;
        Ok(r)
    }

    fn precedence(op: &str) -> Option<u8> {
        Some(match op {
            "||" => 1,
            "&&" => 2,
            "|" => 3,
            "^" => 4,
            "&" => 5,
            "==" | "!=" => 6,
            "<" | ">" | "<=" | ">=" => 7,
            "<<" | ">>" => 8,
            "+" | "-" => 9,
            "*" | "/" | "%" => 10,
            _ => return None,
        })
    }

    fn binary(&mut self, min: u8, eval: bool) -> Result<i64, String> {
        let mut lhs = self.unary(eval)?;
        loop {
            let Some(op) = self.peek().map(|s| s.to_string()) else { break };
            let Some(prec) = Self::precedence(&op) else { break };
            if prec <= min {
                break;
            }
            self.pos += 1;
            let rhs_eval = match op.as_str() {
                "||" => eval && lhs == 0,
                "&&" => eval && lhs != 0,
                _ => eval,
            };
            let rhs = self.binary(prec, rhs_eval)?;
            lhs = match op.as_str() {
                "||" => (lhs != 0 || rhs != 0) as i64,
                "&&" => (lhs != 0 && rhs != 0) as i64,
                "|" => lhs | rhs,
                "^" => lhs ^ rhs,
                "&" => lhs & rhs,
                "==" => (lhs == rhs) as i64,
                "!=" => (lhs != rhs) as i64,
                "<" => (lhs < rhs) as i64,
                ">" => (lhs > rhs) as i64,
                "<=" => (lhs <= rhs) as i64,
                ">=" => (lhs >= rhs) as i64,
                "<<" => lhs.wrapping_shl(rhs as u32),
                ">>" => lhs.wrapping_shr(rhs as u32),
                "+" => lhs.wrapping_add(rhs),
                "-" => lhs.wrapping_sub(rhs),
                "*" => lhs.wrapping_mul(rhs),
                "/" | "%" => {
                    if rhs == 0 {
                        if eval {
                            return Err(if op == "/" {
                                "division by 0 in preprocessor directive".into()
                            } else {
                                "zero modulus in preprocessor directive".into()
                            });
                        }
                        0
                    } else if op == "/" {
                        lhs.wrapping_div(rhs)
                    } else {
                        lhs.wrapping_rem(rhs)
                    }
                }
                _ => unreachable!("operator list above"),
            };
        }
        Ok(lhs)
    }

    fn unary(&mut self, eval: bool) -> Result<i64, String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err("#if expression nested too deeply".into());
        }
        let Some(tok) = self.tokens.get(self.pos) else {
            return Err("syntax error, unexpected end of #if expression".into());
        };
        self.pos += 1;
        let r = match (&tok.kind, &*tok.text) {
            (PpKind::Punct, "+") => self.unary(eval)?,
            (PpKind::Punct, "-") => self.unary(eval)?.wrapping_neg(),
            (PpKind::Punct, "!") => (self.unary(eval)? == 0) as i64,
            (PpKind::Punct, "~") => !self.unary(eval)?,
            (PpKind::Punct, "(") => {
                let v = self.ternary(eval)?;
                if !self.eat(")") {
                    return Err("syntax error in #if expression, expected `)'".into());
                }
                v
            }
            (PpKind::Number, t) => parse_int(t)?,
            (PpKind::Ident, t) if eval && self.undefined_is_error => {
                return Err(format!("undefined macro `{}' in #if expression (illegal in ESSL)", t))
            }
            // Identifiers left after expansion count as 0, as in C.
            (PpKind::Ident, _) => 0,
            (_, t) => return Err(format!("syntax error, unexpected `{}' in #if expression", t)),
        };
        self.depth -= 1;
        Ok(r)
    }
}
