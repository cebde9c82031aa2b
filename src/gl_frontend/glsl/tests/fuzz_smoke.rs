//! The fuzz target's entry point over mutated piglit shaders and pathological inputs,
//! as a plain test: every input must end in a verdict (no panic), and the inputs built
//! to exhaust the stack or the memory must be rejected with an error.

use glsl::fuzz_input::{header_byte, run};
use glsl::{Api, Stage};
use std::path::{Path, PathBuf};

const PIGLIT: &str = "/usr/lib/x86_64-linux-gnu/piglit";
/// Every STEP-th piglit shader is mutated (keeps the test to seconds in debug builds).
const STEP: usize = 30;

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if glsl::corpus::stage_of(&p).is_some() {
            out.push(p);
        }
    }
}

/// A small deterministic generator, so a failure names a reproducible input.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize
    }
}

/// Byte-level mutations of the kinds libFuzzer makes: cuts, deletions, duplicated
/// spans, swapped bytes and spliced tokens.
fn mutations(text: &[u8], rng: &mut Lcg) -> Vec<Vec<u8>> {
    const TOKENS: [&[u8]; 10] = [b"(", b"[", b"{", b"#define A A A\n", b"#if\n", b"layout(", b"[]", b"1e99999", b"\\\n", b"struct"];
    let mut out = Vec::new();
    if text.is_empty() {
        return out;
    }
    for _ in 0..6 {
        let mut m = text.to_vec();
        let at = rng.next() % m.len();
        match rng.next() % 5 {
            0 => m.truncate(at),
            1 => {
                m.remove(at);
            }
            2 => {
                let end = (at + rng.next() % 64).min(m.len());
                let span = m[at..end].to_vec();
                m.splice(at..at, span);
            }
            3 => {
                let other = rng.next() % m.len();
                m.swap(at, other);
            }
            _ => {
                let t = TOKENS[rng.next() % TOKENS.len()];
                m.splice(at..at, t.iter().copied());
            }
        }
        out.push(m);
    }
    out
}

fn input(stage: Stage, api: Api, text: &[u8]) -> Vec<u8> {
    let mut v = vec![header_byte(stage, api)];
    v.extend_from_slice(text);
    v
}

#[test]
fn mutated_piglit_shaders_never_panic() {
    let mut files = Vec::new();
    collect(&Path::new(PIGLIT).join("tests/spec"), &mut files);
    if files.is_empty() {
        eprintln!("piglit is not installed; skipping");
        return;
    }
    files.sort();
    let mut rng = Lcg(0x6761_6c76_616e);
    let mut count = 0;
    for f in files.iter().step_by(STEP) {
        let Ok(text) = std::fs::read(f) else { continue };
        let stage = glsl::corpus::stage_of(f).expect("collected by stage");
        let api = if String::from_utf8_lossy(&text).contains(" es\n") { Api::Gles } else { Api::GlCore };
        for m in mutations(&text, &mut rng) {
            let data = input(stage, api, &m);
            let outcome = std::panic::catch_unwind(|| run(&data));
            assert!(outcome.is_ok(), "panic on a mutation of {}:\n{}", f.display(), String::from_utf8_lossy(&m));
            count += 1;
        }
    }
    assert!(count > 500, "too few mutations ran: {}", count);
}

#[test]
fn pathological_inputs_are_rejected() {
    let nested_parens = format!("#version 450\nvoid main() {{ float x = {}1.0{}; }}\n", "(".repeat(100_000), ")".repeat(100_000));
    let nested_blocks = format!("#version 450\nvoid main() {}{}\n", "{".repeat(100_000), "}".repeat(100_000));
    let nested_if = format!("#version 450\n{}void main() {{}}\n{}", "#if 1\n".repeat(50_000), "#endif\n".repeat(50_000));
    let macro_bomb = "#version 450\n#define A0 x x x x x x x x x x\n#define A1 A0 A0 A0 A0 A0 A0 A0 A0 A0 A0\n#define A2 A1 A1 A1 A1 A1 A1 A1 A1 A1 A1\n#define A3 A2 A2 A2 A2 A2 A2 A2 A2 A2 A2\n#define A4 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3\n#define A5 A4 A4 A4 A4 A4 A4 A4 A4 A4 A4\n#define A6 A5 A5 A5 A5 A5 A5 A5 A5 A5 A5\n#define A7 A6 A6 A6 A6 A6 A6 A6 A6 A6 A6\n#define A8 A7 A7 A7 A7 A7 A7 A7 A7 A7 A7\nA8\nvoid main() {}\n".to_string();
    let huge_array = "#version 450\nuniform float a[2000000000];\nfloat b[2147483647][2147483647];\nvoid main() { b[0][0] = a[0]; }\n".to_string();
    // Deep `#if` nesting is legal and handled without recursion: it only has to finish.
    let cases = [("nested parentheses", nested_parens, false), ("nested blocks", nested_blocks, false), ("macro expansion", macro_bomb, false), ("enormous arrays", huge_array, false), ("nested #if", nested_if, true)];
    for (what, text, may_compile) in cases {
        let data = input(Stage::Vertex, Api::GlCore, text.as_bytes());
        // A thread with a modest stack, as a GL application's render thread may have.
        let compiled = std::thread::Builder::new().stack_size(8 << 20).spawn(move || run(&data)).expect("thread starts").join();
        assert!(matches!(compiled, Ok(c) if !c || may_compile), "{} must be rejected with an error, not accepted or a crash", what);
    }
}
