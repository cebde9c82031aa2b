//! Geometry shaders: the `layout(...) in;` / `out;` qualifiers become the IR's execution
//! modes, `gl_in[i].member` becomes one arrayed built-in input per member (Vulkan matches
//! built-ins by decoration, not by block), and the emit functions become intrinsics.

use super::{Binding, GResult, Gen, Place, Rv};
use crate::ast::*;
use crate::sema::ShaderInterface;
use crate::sema::types::{Scalar, Type as SType};
use nir_like::{Builtin, GeometryInfo, Primitive, Variable, VariableMode};
use std::collections::HashMap;

/// The geometry stage's layout qualifiers, read in declaration order.
#[derive(Clone, Debug, Default)]
pub(super) struct GeometryLayout {
    pub info: GeometryInfo,
    /// Vertices per input primitive (the size of every per-vertex input array).
    pub input_vertices: u32,
    /// The vertex stream of each output (variable, or block name) on a stream other than 0.
    pub streams: HashMap<String, u32>,
}

fn layout_int(info: &ShaderInterface, l: &LayoutItem) -> Option<u32> {
    let e = l.value.as_deref()?;
    match &e.kind {
        ExprKind::Int(v) | ExprKind::Uint(v) => Some(*v as u32),
        _ => info.expr_constants.get(&e.id).and_then(|c| c.as_int()).map(|v| v.max(0) as u32),
    }
}

/// Vertices of one input primitive.
pub(super) fn input_vertices(p: Primitive) -> u32 {
    match p {
        Primitive::Points => 1,
        Primitive::Lines | Primitive::LineStrip => 2,
        Primitive::LinesAdjacency => 4,
        Primitive::TrianglesAdjacency => 6,
        _ => 3,
    }
}

/// Reads the primitive, vertex count, invocation and stream qualifiers of a geometry shader
/// (of every shader object of the stage).
pub(super) fn geometry_layout(units: &[(&TranslationUnit, &ShaderInterface)]) -> GeometryLayout {
    let mut g = GeometryLayout { info: GeometryInfo { invocations: 1, ..Default::default() }, ..Default::default() };
    for &(tu, info) in units {
        read_layouts(tu, info, &mut g);
    }
    // Vulkan needs at least one output vertex; a shader declaring none emits nothing.
    g.info.vertices_out = g.info.vertices_out.max(1);
    g.input_vertices = input_vertices(g.info.input_primitive);
    g
}

fn read_layouts(tu: &TranslationUnit, info: &ShaderInterface, g: &mut GeometryLayout) {
    let mut default_stream = 0;
    let stream_of = |q: &TypeQualifier, default: u32| q.layouts().find(|l| l.name == "stream").and_then(|l| layout_int(info, l)).unwrap_or(default);
    for item in &tu.items {
        let ExternalDecl::Declaration(d) = item else { continue };
        match d {
            Declaration::Qualifiers { qual, .. } => {
                let storage = qual.storage();
                for l in qual.layouts() {
                    match (storage, l.name.as_str()) {
                        (Some(Storage::In), "points") => g.info.input_primitive = Primitive::Points,
                        (Some(Storage::In), "lines") => g.info.input_primitive = Primitive::Lines,
                        (Some(Storage::In), "lines_adjacency") => g.info.input_primitive = Primitive::LinesAdjacency,
                        (Some(Storage::In), "triangles") => g.info.input_primitive = Primitive::Triangles,
                        (Some(Storage::In), "triangles_adjacency") => g.info.input_primitive = Primitive::TrianglesAdjacency,
                        (Some(Storage::In), "invocations") => g.info.invocations = layout_int(info, l).unwrap_or(1).max(1),
                        (Some(Storage::Out), "points") => g.info.output_primitive = Primitive::Points,
                        (Some(Storage::Out), "line_strip") => g.info.output_primitive = Primitive::LineStrip,
                        (Some(Storage::Out), "triangle_strip") => g.info.output_primitive = Primitive::TriangleStrip,
                        (Some(Storage::Out), "max_vertices") => g.info.vertices_out = layout_int(info, l).unwrap_or(0),
                        (Some(Storage::Out), "stream") => default_stream = layout_int(info, l).unwrap_or(0),
                        _ => {}
                    }
                }
            }
            Declaration::Variables { qual, decls, .. } if qual.storage() == Some(Storage::Out) => {
                let s = stream_of(qual, default_stream);
                if s != 0 {
                    for d in decls {
                        g.streams.insert(d.name.clone(), s);
                    }
                }
            }
            Declaration::Block(b) if b.qual.storage() == Some(Storage::Out) => {
                let s = stream_of(&b.qual, default_stream);
                if s != 0 {
                    g.streams.insert(b.name.clone(), s);
                    for m in &b.members {
                        for (n, _, _) in &m.names {
                            g.streams.insert(n.clone(), s);
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

/// The type and built-in of a `gl_in[]` member.
fn per_vertex_member(name: &str) -> Option<(SType, Builtin)> {
    Some(match name {
        "gl_Position" => (SType::Vector(Scalar::Float, 4), Builtin::Position),
        "gl_PointSize" => (SType::FLOAT, Builtin::PointSize),
        // A varying the previous stage hands on (nir_like's `lower_clip_vertex_varying`).
        "gl_ClipVertex" => (SType::Vector(Scalar::Float, 4), Builtin::ClipVertex),
        _ => return None,
    })
}

impl Gen<'_, '_> {
    /// `gl_in[index].member`: element `index` of the arrayed built-in input of `member`.
    pub(super) fn per_vertex_input(&mut self, index: &Expr, member: &str) -> GResult<Place> {
        let distances = match member {
            "gl_ClipDistance" => Some(Builtin::ClipDistance),
            "gl_CullDistance" => Some(Builtin::CullDistance),
            _ => None,
        };
        let found = match distances {
            Some(b) => Some((SType::Array(Box::new(SType::FLOAT), Some(self.clip_cull_size(member))), b)),
            None => per_vertex_member(member),
        };
        let Some((ty, builtin)) = found else {
            return self.unsupported(&format!("`gl_in[].{}'", member));
        };
        let key = format!("gl_in.{}", member);
        let n = self.geometry.as_ref().map_or(super::tessellation::MAX_PATCH_VERTICES, |g| g.input_vertices);
        let var = self.arrayed_builtin(key, format!("gl_in_{}", member.trim_start_matches("gl_")), &ty, n, VariableMode::ShaderIn, builtin)?;
        let i = self.scalar_rvalue(index)?;
        let base = self.b.deref_var(var);
        let deref = self.b.deref_array(base, i);
        Ok(Place { deref, ty, swizzle: None })
    }

    /// EmitVertex, EndPrimitive and their stream forms; `None` for other names.
    pub(super) fn geometry_call(&mut self, name: &str, args: &[Expr]) -> GResult<Option<Rv>> {
        let stream = |g: &Self| -> GResult<u32> {
            let Some(a) = args.first() else { return Ok(0) };
            match g.info.expr_constants.get(&a.id).and_then(|c| c.as_int()) {
                Some(s) if s >= 0 => Ok(s as u32),
                _ => Err("the stream of EmitStreamVertex/EndStreamPrimitive must be a constant expression".into()),
            }
        };
        match name {
            "EmitVertex" | "EmitStreamVertex" => {
                let s = stream(self)?;
                self.b.emit_vertex(s);
            }
            "EndPrimitive" | "EndStreamPrimitive" => {
                let s = stream(self)?;
                self.b.end_primitive(s);
            }
            _ => return Ok(None),
        }
        Ok(Some(Rv::None))
    }

    /// The arrayed built-in variable behind `gl_in[].member` / `gl_out[].member`, one per
    /// member (Vulkan matches built-ins by decoration), created at first use with `n` elements.
    pub(super) fn arrayed_builtin(&mut self, key: String, name: String, ty: &SType, n: u32, mode: VariableMode, builtin: Builtin) -> GResult<nir_like::Handle<Variable>> {
        if let Some((Binding::Var(v), _)) = self.globals.get(&key) {
            return Ok(*v);
        }
        let arr = SType::Array(Box::new(ty.clone()), Some(n));
        let h = super::types::nir_type(&mut self.b, &arr, None)?;
        let mut v = Variable::new(name, h, mode);
        v.builtin = Some(builtin);
        let v = self.b.variable(v);
        self.globals.insert(key, (Binding::Var(v), arr));
        Ok(v)
    }
}
