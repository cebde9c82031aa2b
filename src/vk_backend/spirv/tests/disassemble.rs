//! `spirv_out::disassemble`, what `GALVAN_DEBUG=spirv` prints: the same instructions as
//! spirv-tools' disassembler, and a message rather than a panic for words that are not SPIR-V.

mod common;

use std::collections::BTreeMap;

fn opcode_counts(text: &str) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for token in text.split_whitespace().filter(|t| t.starts_with("Op") && t.len() > 2) {
        *counts.entry(token.to_string()).or_insert(0) += 1;
    }
    counts
}

#[test]
fn disassembly_lists_the_instructions_spirv_dis_lists() {
    for shader in [common::shaders::passthrough_vertex(), common::shaders::textured_fragment(), common::shaders::control_flow_fragment()] {
        let options = spirv_out::EmitOptions { spirv_version: (1, 3), debug_names: true };
        let words = spirv_out::emit(&shader, &options).expect("emit");
        let ours = spirv_out::disassemble(&words);
        let theirs = common::disassemble(&shader);
        assert!(ours.contains("OpEntryPoint"), "{ours}");
        assert_eq!(opcode_counts(&ours), opcode_counts(&theirs), "ours:\n{ours}\nspirv-dis:\n{theirs}");
    }
}

#[test]
fn words_that_are_not_spirv_give_a_message() {
    let text = spirv_out::disassemble(&[0xdead_beef, 1, 2]);
    assert!(text.starts_with("; not a SPIR-V module"), "{text}");
}
