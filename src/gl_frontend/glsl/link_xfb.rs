//! Transform feedback at link time: the names glTransformFeedbackVaryings lists are
//! resolved on the last pre-rasterisation stage's outputs (whole variables, array
//! elements `foo[2]`, struct and block members `s.m`, built-ins such as gl_Position and
//! gl_ClipDistance[1]) to a buffer and byte offset each, with the buffers' strides; the
//! stage's IR is then decorated for capture (`nir_like::passes::lower_xfb_outputs`).
//! ARB_transform_feedback3's `gl_NextBuffer` and `gl_SkipComponents1..4` move to the next
//! buffer and leave holes in interleaved mode.

use crate::diagnostics::{Diagnostics, SourceLoc};
use crate::link::LinkedStage;
use crate::options::Stage;
use crate::sema::types::{Scalar, Type as SType};
use nir_like::passes::{NextStageReads, XfbCapture};
use nir_like::{BaseType, Handle, Shader, Type, Variable, VariableMode, XfbLocation};

/// GL_MAX_TRANSFORM_FEEDBACK_BUFFERS.
pub const MAX_BUFFERS: u32 = 4;
/// GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS.
pub const MAX_SEPARATE_ATTRIBS: u32 = 4;
/// GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS.
pub const MAX_SEPARATE_COMPONENTS: u32 = 4;
/// GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS.
pub const MAX_INTERLEAVED_COMPONENTS: u32 = 64;

/// One entry of glGetTransformFeedbackVarying, in the order the program listed them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XfbVarying {
    pub name: String,
    /// GL_FLOAT_VEC4 and friends; GL_NONE (0) for gl_NextBuffer and gl_SkipComponents.
    pub gl_type: u32,
    /// Array elements captured (1 for a non-array); the component count of
    /// gl_SkipComponentsN; 0 for gl_NextBuffer.
    pub size: u32,
    pub buffer: u32,
    /// Byte offset in the buffer's vertex record.
    pub offset: u32,
}

/// What a program captures and where.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TransformFeedbackLayout {
    /// GL_SEPARATE_ATTRIBS (each varying to a buffer of its own) or interleaved.
    pub separate: bool,
    pub varyings: Vec<XfbVarying>,
    /// Bytes per vertex in each buffer, by buffer index; empty when nothing is captured.
    pub strides: Vec<u32>,
    /// The vertex stream each buffer captures (geometry shaders with streams).
    pub streams: Vec<u32>,
    /// The stage whose outputs are captured.
    pub capture_stage: Option<Stage>,
}

impl TransformFeedbackLayout {
    /// Buffers the program writes (1 + the highest buffer index), 0 without capture.
    pub fn buffer_count(&self) -> u32 {
        self.strides.len() as u32
    }
}

/// One step of a varying name: `[i]` or `.member`.
#[derive(Debug, PartialEq)]
enum Step {
    Index(u32),
    Member(String),
}

/// Splits `a.b[2].c` into the variable name and its steps; `None` for a malformed name.
fn parse_name(name: &str) -> Option<(String, Vec<Step>)> {
    let ident_end = |s: &str| s.find(['[', '.']).unwrap_or(s.len());
    let end = ident_end(name);
    let base = &name[..end];
    if base.is_empty() {
        return None;
    }
    let mut rest = &name[end..];
    let mut steps = Vec::new();
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('[') {
            let close = r.find(']')?;
            let index: u32 = r[..close].trim().parse().ok()?;
            steps.push(Step::Index(index));
            rest = &r[close + 1..];
        } else if let Some(r) = rest.strip_prefix('.') {
            let e = ident_end(r);
            if e == 0 {
                return None;
            }
            steps.push(Step::Member(r[..e].to_string()));
            rest = &r[e..];
        } else {
            return None;
        }
    }
    Some((base.to_string(), steps))
}

/// The GLSL type of a captured IR type (for the GL type enum): a vector or matrix, or
/// an array of them; `None` for structs and anything else GL cannot capture whole.
fn glsl_type(shader: &Shader, ty: Handle<Type>) -> Option<(SType, u32)> {
    match &shader.types[ty] {
        Type::Vector(vt) => {
            let scalar = match (vt.base, vt.bits) {
                (BaseType::Float, 32) => Scalar::Float,
                (BaseType::Float, 64) => Scalar::Double,
                (BaseType::Int, 32) => Scalar::Int,
                (BaseType::Uint, 32) => Scalar::Uint,
                (BaseType::Int, 64) => Scalar::Int64,
                (BaseType::Uint, 64) => Scalar::Uint64,
                _ => return None,
            };
            Some((SType::vector(scalar, vt.components), 1))
        }
        Type::Matrix { columns, rows, bits } => Some((SType::Matrix { cols: *columns, rows: *rows, double: *bits == 64 }, 1)),
        Type::Array { element, length: Some(n), .. } => match glsl_type(shader, *element)? {
            (t, 1) => Some((t, *n)),
            _ => None,
        },
        _ => None,
    }
}

/// 32-bit words a value of type `t` takes in a buffer.
fn words(t: &SType) -> u32 {
    match t {
        SType::Scalar(s) | SType::Vector(s, _) => {
            let n = t.vector_size() as u32;
            if matches!(s, Scalar::Double | Scalar::Int64 | Scalar::Uint64) {
                2 * n
            } else {
                n
            }
        }
        SType::Matrix { cols, rows, double } => *cols as u32 * *rows as u32 * if *double { 2 } else { 1 },
        _ => 0,
    }
}

/// Resolves `name` on the shader's outputs: the variable, the index path into it, and
/// the captured type; `Err` is the link error.
fn resolve(shader: &Shader, name: &str) -> Result<(Handle<Variable>, Vec<u32>, SType, u32), String> {
    let (base, steps) = parse_name(name).ok_or_else(|| format!("`{name}' is not a valid transform feedback varying name"))?;
    let (var, v) = shader
        .variables
        .iter()
        .find(|(_, v)| v.mode == VariableMode::ShaderOut && v.name == base)
        .ok_or_else(|| format!("transform feedback varying `{name}' is not an output of the last vertex-processing stage"))?;
    let mut ty = v.ty;
    let mut path = Vec::new();
    for step in &steps {
        match (&shader.types[ty], step) {
            (Type::Array { element, length, .. }, Step::Index(i)) => {
                if length.is_some_and(|n| *i >= n) {
                    return Err(format!("transform feedback varying `{name}' indexes past the end of its array"));
                }
                path.push(*i);
                ty = *element;
            }
            (Type::Struct { members, .. }, Step::Member(m)) => {
                let index = members
                    .iter()
                    .position(|x| x.name == *m)
                    .ok_or_else(|| format!("transform feedback varying `{name}': no member `{m}'"))?;
                path.push(index as u32);
                ty = members[index].ty;
            }
            _ => return Err(format!("transform feedback varying `{name}' does not match the type of `{base}'")),
        }
    }
    let (t, count) = glsl_type(shader, ty).ok_or_else(|| format!("transform feedback varying `{name}' is a structure: capture its members"))?;
    Ok((var, path, t, count))
}

/// Resolves `names` on the last pre-rasterisation stage of `stages`, fills `layout` and
/// decorates that stage's IR. Errors go to `diags`.
pub fn link_transform_feedback(
    stages: &mut [LinkedStage],
    names: &[String],
    separate: bool,
    separable: bool,
    layout: &mut TransformFeedbackLayout,
    diags: &mut Diagnostics,
) {
    let loc = SourceLoc::default();
    *layout = TransformFeedbackLayout { separate, ..Default::default() };
    if names.is_empty() {
        return;
    }
    let last = stages.iter_mut().filter(|s| matches!(s.stage, Stage::Vertex | Stage::TessEval | Stage::Geometry)).max_by_key(|s| s.stage);
    let Some(last) = last else {
        diags.error(loc, "transform feedback needs a vertex, tessellation evaluation or geometry shader");
        return;
    };
    layout.capture_stage = Some(last.stage);
    let last_stage = last.stage;
    let next_stage = next_stage_reads(stages, last_stage, separable);
    let Some(Ok(shader)) = stages.iter_mut().find(|s| s.stage == last_stage).map(|s| s.ir.as_mut()) else { return };
    if separate && names.len() as u32 > MAX_SEPARATE_ATTRIBS {
        diags.error(loc, format!("more than {MAX_SEPARATE_ATTRIBS} separate transform feedback varyings"));
        return;
    }
    let mut captures: Vec<(XfbCapture, u32)> = Vec::new();
    let mut buffer = 0u32;
    let mut offset = 0u32;
    let mut strides: Vec<u32> = Vec::new();
    let mut streams: Vec<Option<u32>> = Vec::new();
    let mut interleaved_words = 0u32;
    let mut seen: Vec<&str> = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let special = match name.as_str() {
            "gl_NextBuffer" => Some(0),
            "gl_SkipComponents1" => Some(1),
            "gl_SkipComponents2" => Some(2),
            "gl_SkipComponents3" => Some(3),
            "gl_SkipComponents4" => Some(4),
            _ => None,
        };
        if let Some(skip) = special {
            if separate {
                diags.error(loc, format!("`{name}' is only valid with GL_INTERLEAVED_ATTRIBS"));
                return;
            }
            layout.varyings.push(XfbVarying { name: name.clone(), gl_type: 0, size: skip, buffer, offset });
            if skip == 0 {
                strides.resize(strides.len().max(buffer as usize + 1), 0);
                strides[buffer as usize] = offset;
                buffer += 1;
                offset = 0;
                if buffer >= MAX_BUFFERS {
                    diags.error(loc, format!("gl_NextBuffer moves past the last of {MAX_BUFFERS} transform feedback buffers"));
                    return;
                }
            } else {
                offset += 4 * skip;
                interleaved_words += skip;
                strides.resize(strides.len().max(buffer as usize + 1), 0);
                strides[buffer as usize] = offset;
            }
            continue;
        }
        if seen.contains(&name.as_str()) {
            diags.error(loc, format!("transform feedback varying `{name}' is listed twice"));
            return;
        }
        seen.push(name);
        let (variable, path, ty, count) = match resolve(shader, name) {
            Ok(r) => r,
            Err(e) => {
                diags.error(loc, e);
                return;
            }
        };
        let size = words(&ty) * count;
        if separate {
            if size > MAX_SEPARATE_COMPONENTS {
                diags.error(loc, format!("transform feedback varying `{name}' has more than {MAX_SEPARATE_COMPONENTS} components for GL_SEPARATE_ATTRIBS"));
                return;
            }
            buffer = i as u32;
            offset = 0;
        } else {
            interleaved_words += size;
        }
        let stream = shader.variables[variable].stream.unwrap_or(0);
        streams.resize(streams.len().max(buffer as usize + 1), None);
        match streams[buffer as usize] {
            Some(s) if s != stream => {
                diags.error(loc, format!("transform feedback buffer {buffer} captures varyings of more than one vertex stream"));
                return;
            }
            _ => streams[buffer as usize] = Some(stream),
        }
        layout.varyings.push(XfbVarying { name: name.clone(), gl_type: crate::gl_types::gl_type_enum(&ty), size: count, buffer, offset });
        captures.push((XfbCapture { variable, path, location: XfbLocation { buffer, stride: 0, offset } }, buffer));
        offset += 4 * size;
        strides.resize(strides.len().max(buffer as usize + 1), 0);
        strides[buffer as usize] = offset;
    }
    if !separate && interleaved_words > MAX_INTERLEAVED_COMPONENTS {
        diags.error(loc, format!("transform feedback captures more than {MAX_INTERLEAVED_COMPONENTS} interleaved components"));
        return;
    }
    let captures: Vec<XfbCapture> = captures
        .into_iter()
        .map(|(mut c, b)| {
            c.location.stride = strides[b as usize];
            c
        })
        .collect();
    layout.streams = (0..strides.len()).map(|b| streams.get(b).copied().flatten().unwrap_or(0)).collect();
    layout.strides = strides;
    nir_like::passes::lower_xfb_outputs(shader, &captures, &next_stage);
    // The capture copies take locations of their own; a stage writing past the locations
    // every device has would make an invalid pipeline.
    let end = shader
        .variables
        .iter()
        .map(|(_, v)| v)
        .filter(|v| v.mode == VariableMode::ShaderOut && v.builtin.is_none())
        .filter_map(|v| v.location.map(|l| l + nir_like::passes::varying_slots(shader, v.ty)))
        .max()
        .unwrap_or(0);
    if end > crate::link::MAX_VARYING_SLOTS as u32 {
        diags.error(loc, format!("transform feedback needs {end} output locations, more than the {} there are", crate::link::MAX_VARYING_SLOTS));
    }
}

/// The locations the stage after the capturing one reads: the fragment shader's inputs,
/// none without one, unknown when another program may supply it.
fn next_stage_reads(stages: &[LinkedStage], capture: Stage, separable: bool) -> NextStageReads {
    if separable {
        return NextStageReads::Unknown;
    }
    let Some(next) = stages.iter().find(|s| s.stage > capture) else { return NextStageReads::Locations(Vec::new()) };
    let Ok(ir) = &next.ir else { return NextStageReads::Unknown };
    stage_reads(ir)
}

/// The locations the inputs of `ir`, the stage after the capturing one, read.
pub fn stage_reads(ir: &Shader) -> NextStageReads {
    NextStageReads::Locations(
        ir.variables
            .iter()
            .map(|(_, v)| v)
            .filter(|v| v.mode == VariableMode::ShaderIn && v.builtin.is_none())
            .filter_map(|v| v.location.map(|l| (l, nir_like::passes::varying_slots(ir, v.ty))))
            .collect(),
    )
}

/// Transform feedback the capturing stage declares itself (SPIR-V's `XfbBuffer`, `XfbStride`
/// and `Offset`): each capture, with its varying's name where it has one, becomes a varying
/// of `layout`, in buffer and offset order, and the stage's IR is decorated for capture.
pub fn link_declared_transform_feedback(
    shader: &mut Shader,
    stage: Stage,
    captures: &[(XfbCapture, Option<String>)],
    next_stage: &NextStageReads,
    layout: &mut TransformFeedbackLayout,
) -> Result<(), String> {
    *layout = TransformFeedbackLayout::default();
    if captures.is_empty() {
        return Ok(());
    }
    let mut sorted: Vec<&(XfbCapture, Option<String>)> = captures.iter().collect();
    sorted.sort_by_key(|(c, _)| (c.location.buffer, c.location.offset));
    for (c, name) in sorted {
        let XfbLocation { buffer, stride, offset } = c.location;
        if buffer >= MAX_BUFFERS {
            return Err(format!("transform feedback buffer {buffer} is past the last of {MAX_BUFFERS}"));
        }
        let var_ty = shader.variables[c.variable].ty;
        let ty = nir_like::passes::type_at_path(shader, var_ty, &c.path).ok_or("a transform feedback capture outside its output")?;
        let (t, count) = glsl_type(shader, ty).ok_or("a transform feedback capture of a type GL cannot capture")?;
        let end = offset + 4 * words(&t) * count;
        if stride != 0 && end > stride {
            return Err(format!("transform feedback output overflows xfb_stride {stride} of buffer {buffer}"));
        }
        layout.varyings.push(XfbVarying { name: name.clone().unwrap_or_default(), gl_type: crate::gl_types::gl_type_enum(&t), size: count, buffer, offset });
        layout.strides.resize(layout.strides.len().max(buffer as usize + 1), 0);
        let declared = if stride != 0 { stride } else { end };
        layout.strides[buffer as usize] = layout.strides[buffer as usize].max(declared);
    }
    let captures: Vec<XfbCapture> = captures
        .iter()
        .map(|(c, _)| XfbCapture { location: XfbLocation { stride: layout.strides[c.location.buffer as usize], ..c.location }, ..c.clone() })
        .collect();
    layout.streams = vec![0; layout.strides.len()];
    layout.capture_stage = Some(stage);
    nir_like::passes::lower_xfb_outputs(shader, &captures, next_stage);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_split_into_steps() {
        assert_eq!(parse_name("foo"), Some(("foo".into(), vec![])));
        assert_eq!(parse_name("foo[2]"), Some(("foo".into(), vec![Step::Index(2)])));
        assert_eq!(parse_name("s.a[1].b"), Some(("s".into(), vec![Step::Member("a".into()), Step::Index(1), Step::Member("b".into())])));
        assert_eq!(parse_name("foo["), None);
        assert_eq!(parse_name("foo[x]"), None);
        assert_eq!(parse_name("[1]"), None);
        assert_eq!(parse_name("a."), None);
    }
}
