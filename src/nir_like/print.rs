//! A stable, diffable text form of a shader. Values and blocks are numbered in program
//! order (not arena order), so a pass's before/after texts differ only where it changed
//! something.

use std::collections::HashMap;
use std::fmt::Write;

use crate::arena::Handle;
use crate::control_flow::{Block, CfNode};
use crate::function::{Function, ParamKind};
use crate::instr::{ConstValue, DerefKind, InstrKind, Jump, Value};
use crate::intrinsic::IntrinsicOp;
use crate::shader::{Shader, Stage};
use crate::types::{BaseType, ImageDim, Type, ValueType};
use crate::variable::{Interpolation, Variable, VariableMode};

/// The whole shader as text.
pub fn print_shader(shader: &Shader) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "shader {}{}",
        shader.stage.name(),
        if shader.name.is_empty() {
            String::new()
        } else {
            format!(" \"{}\"", shader.name)
        }
    );
    print_info(shader, &mut out);
    for (h, ty) in shader.types.iter() {
        if let Type::Struct { name, members } = ty {
            let _ = writeln!(out, "struct {}#{} {{", name, h.index());
            for m in members {
                let _ = write!(out, "    {} {}", type_name(shader, m.ty), m.name);
                if let Some(o) = m.offset {
                    let _ = write!(out, " offset={o}");
                }
                if let Some(s) = m.matrix_stride {
                    let _ = write!(out, " matrix_stride={s}");
                }
                if m.row_major {
                    out.push_str(" row_major");
                }
                out.push('\n');
            }
            out.push_str("}\n");
        }
    }
    for (h, var) in shader.variables.iter() {
        let _ = writeln!(out, "{}", variable_line(shader, h.index(), var));
    }
    for (h, func) in shader.functions.iter() {
        let entry = if shader.entry == Some(h) {
            "entry "
        } else {
            ""
        };
        print_function(shader, func, entry, &mut out);
    }
    out
}

fn print_info(shader: &Shader, out: &mut String) {
    let info = &shader.info;
    match shader.stage {
        Stage::Fragment => {
            let f = &info.fragment;
            let mut flags = Vec::new();
            if f.early_fragment_tests {
                flags.push("early_fragment_tests".to_string());
            }
            if f.origin_upper_left {
                flags.push("origin_upper_left".to_string());
            }
            if f.pixel_center_integer {
                flags.push("pixel_center_integer".to_string());
            }
            if f.depth_layout != Default::default() {
                flags.push(format!("depth_{:?}", f.depth_layout).to_lowercase());
            }
            if f.sample_shading {
                flags.push("sample_shading".to_string());
            }
            if !flags.is_empty() {
                let _ = writeln!(out, "info {}", flags.join(" "));
            }
        }
        Stage::Compute => {
            let c = &info.compute;
            if c.variable_local_size {
                let _ = writeln!(
                    out,
                    "info local_size=variable shared_size={}",
                    c.shared_size
                );
            } else {
                let _ = writeln!(
                    out,
                    "info local_size={}x{}x{} shared_size={}",
                    c.local_size[0], c.local_size[1], c.local_size[2], c.shared_size
                );
            }
        }
        Stage::Geometry => {
            let g = &info.geometry;
            let _ = writeln!(
                out,
                "info input={:?} output={:?} vertices_out={} invocations={}",
                g.input_primitive, g.output_primitive, g.vertices_out, g.invocations
            );
        }
        Stage::TessCtrl => {
            let _ = writeln!(out, "info vertices_out={}", info.tess.vertices_out);
        }
        Stage::TessEval => {
            let t = &info.tess;
            let _ = writeln!(
                out,
                "info primitive={:?} spacing={:?} ccw={} point_mode={}",
                t.primitive_mode, t.spacing, t.ccw, t.point_mode
            );
        }
        Stage::Vertex => {}
    }
}

/// `f32`, `f32x4`, `i32x2`, `bool`, ...
pub fn value_type_name(t: ValueType) -> String {
    let base = match t.base {
        BaseType::Float => format!("f{}", t.bits),
        BaseType::Int => format!("i{}", t.bits),
        BaseType::Uint => format!("u{}", t.bits),
        BaseType::Bool => "bool".to_string(),
    };
    if t.components == 1 {
        base
    } else {
        format!("{base}x{}", t.components)
    }
}

/// A short inline name of a memory type.
pub fn type_name(shader: &Shader, ty: Handle<Type>) -> String {
    let Some(t) = shader.types.try_get(ty) else {
        return format!("<bad type #{}>", ty.index());
    };
    match t {
        Type::Vector(vt) => value_type_name(*vt),
        Type::Matrix {
            columns,
            rows,
            bits,
        } => format!("f{bits}mat{columns}x{rows}"),
        Type::Array {
            element,
            length,
            stride,
        } => {
            let len = length.map(|l| l.to_string()).unwrap_or_default();
            let stride = stride.map(|s| format!(" stride={s}")).unwrap_or_default();
            format!("{}[{len}{stride}]", type_name(shader, *element))
        }
        Type::Struct { name, .. } => format!("{}#{}", name, ty.index()),
        Type::Sampler {
            dim,
            arrayed,
            shadow,
            multisampled,
            sampled,
        } => format!(
            "sampler{}{}{}{}<{}>",
            dim_name(*dim),
            if *multisampled { "MS" } else { "" },
            if *arrayed { "Array" } else { "" },
            if *shadow { "Shadow" } else { "" },
            sampled_name(*sampled)
        ),
        Type::Image {
            dim,
            arrayed,
            multisampled,
            sampled,
            format,
        } => format!(
            "image{}{}{}<{}, {:?}>",
            dim_name(*dim),
            if *multisampled { "MS" } else { "" },
            if *arrayed { "Array" } else { "" },
            sampled_name(*sampled),
            format
        ),
    }
}

fn dim_name(dim: ImageDim) -> &'static str {
    match dim {
        ImageDim::D1 => "1D",
        ImageDim::D2 => "2D",
        ImageDim::D3 => "3D",
        ImageDim::Cube => "Cube",
        ImageDim::Rect => "Rect",
        ImageDim::Buffer => "Buffer",
        ImageDim::SubpassData => "Subpass",
    }
}

fn sampled_name(b: BaseType) -> &'static str {
    match b {
        BaseType::Float => "float",
        BaseType::Int => "int",
        BaseType::Uint => "uint",
        BaseType::Bool => "bool",
    }
}

pub fn mode_name(mode: VariableMode) -> &'static str {
    match mode {
        VariableMode::ShaderIn => "shader_in",
        VariableMode::ShaderOut => "shader_out",
        VariableMode::Uniform => "uniform",
        VariableMode::Ubo => "ubo",
        VariableMode::Ssbo => "ssbo",
        VariableMode::Shared => "shared",
        VariableMode::PushConstant => "push_const",
        VariableMode::GlobalPrivate => "global",
        VariableMode::Image => "image",
        VariableMode::FunctionLocal => "function",
    }
}

fn variable_line(shader: &Shader, index: usize, var: &Variable) -> String {
    let mut s = format!(
        "var#{index} {} {} {}",
        mode_name(var.mode),
        type_name(shader, var.ty),
        var.name
    );
    let mut push = |text: String| {
        s.push(' ');
        s.push_str(&text);
    };
    if let Some(b) = var.builtin {
        push(format!("builtin={b:?}"));
    }
    if let Some(l) = var.location {
        push(format!("location={l}"));
    }
    if let Some(c) = var.component {
        push(format!("component={c}"));
    }
    if let Some(i) = var.index {
        push(format!("index={i}"));
    }
    if let Some(set) = var.descriptor_set {
        push(format!("set={set}"));
    }
    if let Some(b) = var.binding {
        push(format!("binding={b}"));
    }
    match var.interpolation {
        Interpolation::Smooth => {}
        Interpolation::Flat => push("flat".into()),
        Interpolation::NoPerspective => push("noperspective".into()),
    }
    for (on, name) in [
        (var.centroid, "centroid"),
        (var.sample, "sample"),
        (var.patch, "patch"),
        (var.invariant, "invariant"),
        (var.precise, "precise"),
        (var.access.readonly, "readonly"),
        (var.access.writeonly, "writeonly"),
        (var.access.coherent, "coherent"),
        (var.access.volatile, "volatile"),
        (var.access.restrict, "restrict"),
    ] {
        if on {
            push(name.into());
        }
    }
    if let Some(x) = var.xfb {
        push(format!(
            "xfb_buffer={} xfb_stride={} xfb_offset={}",
            x.buffer, x.stride, x.offset
        ));
    }
    if let Some(stream) = var.stream {
        push(format!("stream={stream}"));
    }
    if let Some(init) = &var.initializer {
        push(format!("= {}", const_text(init)));
    }
    s
}

/// `(1.0, 2.0)` style text of a constant; floats print exactly (shortest round trip).
pub fn const_text(c: &ConstValue) -> String {
    let parts: Vec<String> = (0..c.bits.len())
        .map(|i| match c.ty.base {
            BaseType::Float => {
                let v = c.as_f64(i);
                if c.ty.bits == 32 {
                    format!("{:?}", v as f32)
                } else {
                    format!("{v:?}")
                }
            }
            BaseType::Int => c.as_i64(i).to_string(),
            BaseType::Uint => c.bits[i].to_string(),
            BaseType::Bool => (c.bits[i] != 0).to_string(),
        })
        .collect();
    if parts.len() == 1 {
        parts[0].clone()
    } else {
        format!("({})", parts.join(", "))
    }
}

struct FunctionPrinter<'a> {
    shader: &'a Shader,
    func: &'a Function,
    values: HashMap<Value, usize>,
    blocks: HashMap<Handle<Block>, usize>,
    out: &'a mut String,
}

fn print_function(shader: &Shader, func: &Function, prefix: &str, out: &mut String) {
    let mut values = HashMap::new();
    let mut blocks = HashMap::new();
    for (bi, b) in func.blocks_in_order().into_iter().enumerate() {
        blocks.insert(b, bi);
        for &v in &func.blocks[b].instrs {
            // Number only what can be used as a source: values and derefs.
            let defines = func
                .instrs
                .try_get(v)
                .map(|i| i.ty.is_some() || matches!(i.kind, InstrKind::Deref(_)));
            if defines == Some(true) {
                let n = values.len();
                values.entry(v).or_insert(n);
            }
        }
    }
    let params: Vec<String> = func
        .params
        .iter()
        .map(|p| match &p.kind {
            ParamKind::Value(vt) => format!("{} {}", value_type_name(*vt), p.name),
            ParamKind::Deref { ty, mode } => format!(
                "{} {}& {}",
                mode_name(*mode),
                type_name(shader, *ty),
                p.name
            ),
        })
        .collect();
    let ret = func
        .return_type
        .map(value_type_name)
        .unwrap_or_else(|| "void".into());
    let _ = writeln!(
        out,
        "{prefix}function {}({}) -> {ret} {{",
        func.name,
        params.join(", ")
    );
    for (h, local) in func.locals.iter() {
        let _ = writeln!(
            out,
            "    local#{} {} {}{}",
            h.index(),
            type_name(shader, local.ty),
            local.name,
            if local.precise { " precise" } else { "" }
        );
    }
    let mut p = FunctionPrinter {
        shader,
        func,
        values,
        blocks,
        out,
    };
    p.body(&func.body, 1);
    p.out.push_str("}\n");
}

impl FunctionPrinter<'_> {
    fn indent(&mut self, depth: usize) {
        for _ in 0..depth {
            self.out.push_str("    ");
        }
    }

    fn body(&mut self, body: &[CfNode], depth: usize) {
        for node in body {
            match node {
                CfNode::Block(b) => {
                    self.indent(depth);
                    let _ = writeln!(self.out, "block b{}:", self.block_name(*b));
                    for &v in &self.func.blocks[*b].instrs {
                        self.indent(depth + 1);
                        let line = self.instr_text(v);
                        self.out.push_str(&line);
                        self.out.push('\n');
                    }
                }
                CfNode::If(n) => {
                    self.indent(depth);
                    let _ = writeln!(self.out, "if {} {{", self.val(n.condition));
                    self.body(&n.then_body, depth + 1);
                    self.indent(depth);
                    self.out.push_str("} else {\n");
                    self.body(&n.else_body, depth + 1);
                    self.indent(depth);
                    self.out.push_str("}\n");
                }
                CfNode::Loop(n) => {
                    self.indent(depth);
                    self.out.push_str("loop {\n");
                    self.body(&n.body, depth + 1);
                    self.indent(depth);
                    self.out.push_str("} continue {\n");
                    self.body(&n.continue_body, depth + 1);
                    self.indent(depth);
                    self.out.push_str("}\n");
                }
            }
        }
    }

    fn block_name(&self, b: Handle<Block>) -> String {
        self.blocks
            .get(&b)
            .map(|n| n.to_string())
            .unwrap_or_else(|| format!("?{}", b.index()))
    }

    fn val(&self, v: Value) -> String {
        match self.values.get(&v) {
            Some(n) => format!("%{n}"),
            None => format!("%?{}", v.index()),
        }
    }

    fn vals(&self, vs: &[Value]) -> String {
        vs.iter()
            .map(|v| self.val(*v))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn instr_text(&self, v: Value) -> String {
        let Some(instr) = self.func.instrs.try_get(v) else {
            return format!("<bad instruction {}>", v.index());
        };
        let def = match instr.ty {
            Some(t) => format!("{} {} = ", value_type_name(t), self.val(v)),
            None => match &instr.kind {
                InstrKind::Deref(_) => format!("{} = ", self.val(v)),
                _ => String::new(),
            },
        };
        let body = match &instr.kind {
            InstrKind::Alu { op, srcs } => format!("{} {}", op.name(), self.vals(srcs)),
            InstrKind::Compose(srcs) => format!("vec {}", self.vals(srcs)),
            InstrKind::Swizzle { src, components } => {
                const NAMES: &[u8] = b"xyzwefghijklmnop";
                let sw: String = components
                    .iter()
                    .map(|&c| *NAMES.get(c as usize).unwrap_or(&b'?') as char)
                    .collect();
                format!("swizzle {}.{sw}", self.val(*src))
            }
            InstrKind::Const(c) => format!("const {}", const_text(c)),
            InstrKind::Undef => "undef".to_string(),
            InstrKind::Deref(d) => {
                let what = match &d.kind {
                    DerefKind::Var(var) => match self.shader.variables.try_get(*var) {
                        Some(x) => format!("var var#{} {}", var.index(), x.name),
                        None => format!("var <bad var {}>", var.index()),
                    },
                    DerefKind::Local(l) => match self.func.locals.try_get(*l) {
                        Some(x) => format!("local local#{} {}", l.index(), x.name),
                        None => format!("local <bad local {}>", l.index()),
                    },
                    DerefKind::Param(i) => format!("param {i}"),
                    DerefKind::Array { parent, index } => {
                        format!("array {}[{}]", self.val(*parent), self.val(*index))
                    }
                    DerefKind::Struct { parent, member } => {
                        format!("struct {}.{member}", self.val(*parent))
                    }
                    DerefKind::Cast { parent } => format!("cast {}", self.val(*parent)),
                };
                format!(
                    "deref {what} ({} {})",
                    mode_name(d.mode),
                    type_name(self.shader, d.ty)
                )
            }
            InstrKind::Intrinsic(intr) => {
                let mut s = format!("{} {}", intr.op.name(), self.vals(&intr.srcs));
                match intr.op {
                    IntrinsicOp::StoreDeref { write_mask } => {
                        let _ = write!(s, " (wrmask=0x{write_mask:x})");
                    }
                    IntrinsicOp::Barrier {
                        execution,
                        memory,
                        semantics,
                    } => {
                        let _ = write!(
                            s,
                            "(execution={execution:?} memory={memory:?} {semantics:?})"
                        );
                    }
                    IntrinsicOp::EmitVertex { stream } | IntrinsicOp::EndPrimitive { stream } => {
                        let _ = write!(s, "(stream={stream})");
                    }
                    IntrinsicOp::DerefAtomic { op } | IntrinsicOp::ImageAtomic { op } => {
                        let _ = write!(s, " (op={op:?})");
                    }
                    IntrinsicOp::LoadParam { index } => {
                        let _ = write!(s, "{index}");
                    }
                    _ => {}
                }
                s.trim_end().to_string()
            }
            InstrKind::Tex(t) => {
                let mut s = format!("{} {}", t.op.name(), self.val(t.texture));
                for src in &t.srcs {
                    let _ = write!(s, ", {}={}", src.kind.name(), self.val(src.value));
                }
                if t.component != 0 {
                    let _ = write!(s, ", component={}", t.component);
                }
                if let Some(o) = t.gather_offsets {
                    let _ = write!(s, ", offsets={o:?}");
                }
                s
            }
            InstrKind::Phi(srcs) => {
                let parts: Vec<String> = srcs
                    .iter()
                    .map(|s| format!("b{}: {}", self.block_name(s.pred), self.val(s.value)))
                    .collect();
                format!("phi {}", parts.join(", "))
            }
            InstrKind::Jump(j) => match j {
                Jump::Break => "break".into(),
                Jump::Continue => "continue".into(),
                Jump::Return(None) => "return".into(),
                Jump::Return(Some(v)) => format!("return {}", self.val(*v)),
                Jump::Halt => "halt".into(),
            },
            InstrKind::Call { function, args } => {
                let name = self
                    .shader
                    .functions
                    .try_get(*function)
                    .map(|f| f.name.as_str())
                    .unwrap_or("<bad function>");
                format!("call {name}({})", self.vals(args))
            }
        };
        format!("{def}{body}")
    }
}
