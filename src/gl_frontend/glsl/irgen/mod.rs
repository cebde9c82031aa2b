//! IR generation: a checked shader and its program's interface to nir_like.
//!
//! Locals are function variables reached through derefs; GLSL's value semantics come from
//! loads and stores; `&&`, `||` and `?:` evaluate only the operand they need; user
//! functions become nir_like functions whose parameters are references to the caller's
//! copies, so `in`, `out` and `inout` behave as GLSL says and returns may leave nested
//! control flow.

mod builtins;
mod builtins_bits;
mod atomic_counters;
mod compute;
mod images;
mod tessellation;
mod geometry;
mod interpolation;
mod subroutine;
mod texture_queries;
pub mod types;

use crate::ast::*;
use crate::compile::CompiledShader;
use crate::layout::BlockLayout;
use crate::link::ProgramInterface;
use crate::link_compat_varyings::{CompatVarying, TEX_COORD_SETS};
use crate::options::Stage as GlStage;
use crate::sema::constant::{ConstValue as SConst, Lit};
use crate::sema::types::{Scalar, Type as SType};
#[allow(unused_imports)]
use std::sync::Arc;
use crate::sema::{CallTarget, ShaderInterface};
use nir_like::{BaseType, Builder, Builtin, Function, Handle, Local, Param, ParamKind, Shader, Stage, Value, ValueType, Variable, VariableMode};
use std::collections::HashMap;
use types::{base_of, nir_type, scalar_vt, value_type};

type GResult<T> = Result<T, String>;

/// Where a name's storage is.
#[derive(Clone)]
enum Binding {
    Var(Handle<Variable>),
    Local(Handle<Local>),
    Param(u32),
    /// Member `index` of a block variable without an instance name (or the default block).
    Member(Handle<Variable>, u32),
}

/// A computed value: SSA for scalars and vectors, columns for matrices, a deref for
/// structs and arrays.
#[derive(Clone)]
enum Rv {
    V(Value),
    M(Vec<Value>),
    Mem(Value),
    None,
}

/// An assignable location, with the swizzle of a vector store.
struct Place {
    deref: Value,
    ty: SType,
    swizzle: Option<Vec<u8>>,
}

struct Gen<'s, 'i> {
    b: Builder<'s>,
    /// The unit (shader object) being generated.
    info: &'i ShaderInterface,
    /// Every unit of the stage.
    all_units: Vec<&'i ShaderInterface>,
    program: &'i ProgramInterface,
    stage: GlStage,
    scopes: Vec<HashMap<String, (Binding, SType)>>,
    globals: HashMap<String, (Binding, SType)>,
    functions: HashMap<String, Vec<(Vec<SType>, Handle<Function>)>>,
    /// Functions returning a matrix, array or struct: the value is stored through a last,
    /// hidden parameter of this type.
    returned_through_param: HashMap<Handle<Function>, SType>,
    next_output_location: u32,
    temp_count: u32,
    /// The layout qualifiers of a geometry shader.
    geometry: Option<geometry::GeometryLayout>,
    /// The layout qualifiers of a tessellation control or evaluation shader.
    tess: Option<nir_like::TessInfo>,
}

fn nir_stage(s: GlStage) -> Stage {
    match s {
        GlStage::Vertex => Stage::Vertex,
        GlStage::TessControl => Stage::TessCtrl,
        GlStage::TessEval => Stage::TessEval,
        GlStage::Geometry => Stage::Geometry,
        GlStage::Fragment => Stage::Fragment,
        GlStage::Compute => Stage::Compute,
    }
}

/// Generates the IR of one linked stage.
pub fn generate(shader: &CompiledShader, program: &ProgramInterface) -> GResult<Shader> {
    generate_units(&[shader], program)
}

/// Generates the IR of one linked stage made of one or more shader objects.
pub fn generate_units(shaders: &[&CompiledShader], program: &ProgramInterface) -> GResult<Shader> {
    let mut units = Vec::new();
    for shader in shaders {
        let (Some(tu), Some(info)) = (&shader.ast, &shader.interface) else {
            return Err("the shader did not compile".into());
        };
        units.push((tu, info));
    }
    let Some(&(_, info)) = units.first() else { return Err("no shader for the stage".into()) };
    let stage = shaders[0].stage;
    let mut ir = Shader::new(nir_stage(stage));
    let geometry = (stage == GlStage::Geometry).then(|| geometry::geometry_layout(&units));
    if let Some(g) = &geometry {
        ir.info.geometry = g.info.clone();
    }
    if stage == GlStage::Compute {
        ir.info.compute.local_size = program.compute_local_size.unwrap_or([1, 1, 1]);
        ir.info.compute.variable_local_size = program.compute_variable_local_size;
    }
    if stage == GlStage::Fragment {
        // A gl_FragCoord redeclaration's layout (the linker made every unit agree).
        let layouts: Vec<&str> = units.iter().flat_map(|u| &u.1.globals).filter(|g| g.name == "gl_FragCoord").flat_map(|g| g.qual.layouts()).map(|l| l.name.as_str()).collect();
        ir.info.fragment.origin_upper_left = layouts.contains(&"origin_upper_left");
        ir.info.fragment.pixel_center_integer = layouts.contains(&"pixel_center_integer");
    }
    let tess = matches!(stage, GlStage::TessControl | GlStage::TessEval).then(|| tessellation::tess_layout(&units));
    if let Some(t) = &tess {
        ir.info.tess = t.clone();
    }
    {
        let b = Builder::main(&mut ir);
        let mut g = Gen {
            b,
            info,
            all_units: units.iter().map(|u| u.1).collect(),
            program,
            stage,
            scopes: Vec::new(),
            globals: HashMap::new(),
            functions: HashMap::new(),
            returned_through_param: HashMap::new(),
            next_output_location: 0,
            temp_count: 0,
            geometry,
            tess,
        };
        for (i, &(_, info)) in units.iter().enumerate() {
            g.info = info;
            g.declare_interface(i == 0)?;
        }
        g.translation_units(&units)?;
    }
    if let Err(e) = nir_like::validate(&ir) {
        return Err(format!("generated IR failed validation: {:?}", e));
    }
    Ok(ir)
}

fn comps_of(t: &SType) -> u8 {
    t.vector_size().max(1)
}

impl<'s, 'i> Gen<'s, 'i> {
    fn ty_of(&self, e: &Expr) -> SType {
        self.info.expr_types.get(e.id as usize).cloned().unwrap_or(SType::Error)
    }

    fn unsupported<T>(&self, what: &str) -> GResult<T> {
        Err(format!("IR generation does not handle {} yet", what))
    }

    // ---- interface variables ----

    /// Declares the unit's interface variables; `first` also declares the program-wide
    /// default block and samplers. A name another unit declared is shared, not redeclared.
    fn declare_interface(&mut self, first: bool) -> GResult<()> {
        let program = self.program;
        if first {
            self.declare_program_resources()?;
        }
        let globals = self.info.globals.clone();
        for g in &globals {
            if self.all_units.len() > 1 && self.globals.contains_key(&g.name) {
                continue;
            }
            self.declare_global(g, &globals, program)?;
        }
        Ok(())
    }

    /// The default uniform block and the sampler uniforms of every unit.
    fn declare_program_resources(&mut self) -> GResult<()> {
        let program = self.program;
        // The default uniform block: one UBO at binding 0 holding every plain uniform.
        let mut members: Vec<(String, SType)> = Vec::new();
        for (name, _) in &program.default_block_members {
            if let Some(g) = self.all_units.iter().find_map(|u| u.globals.iter().find(|g| g.name == *name && g.block.is_none() && g.storage == Storage::Uniform)) {
                members.push((name.clone(), g.ty.clone()));
            } else if name == "gl_DepthRange" {
                members.push((name.clone(), crate::link::depth_range_type()));
            } else if crate::link::BUILTIN_TEXTURE_MATRICES.contains(&name.as_str()) {
                members.push((name.clone(), crate::link::texture_matrix_type()));
            } else if let Some((_, t)) = crate::link::BUILTIN_UNIFORMS.iter().find(|(n, _)| n == name) {
                members.push((name.clone(), SType::from_builtin_name(t).expect("valid")));
            } else if let Some(t) = crate::sema::compat_state::uniform_type(name) {
                members.push((name.clone(), t));
            } else {
                members.push((name.clone(), self.other_stage_uniform_type(name)));
            }
        }
        if !members.is_empty() {
            // Offsets come from the program so every stage agrees on them.
            let mut nir_members = Vec::new();
            for ((name, t), (_, offset)) in members.iter().zip(&program.default_block_members) {
                let ty = nir_type(&mut self.b, t, Some(BlockLayout::Std140))?;
                let ms = crate::layout::matrix_stride(t, BlockLayout::Std140);
                nir_members.push(nir_like::StructMember { name: name.clone(), ty, offset: Some(*offset), matrix_stride: (ms > 0).then_some(ms), row_major: false });
            }
            let ty = self.b.ty(nir_like::Type::Struct { name: "gl_DefaultUniformBlock".into(), members: nir_members });
            let var = self.b.variable(Variable::new("gl_DefaultUniformBlock", ty, VariableMode::Ubo).with_binding(0, 0));
            for (i, (name, t)) in members.into_iter().enumerate() {
                self.globals.insert(name, (Binding::Member(var, i as u32), t));
            }
        }
        self.declare_atomic_counters(program)?;
        self.declare_subroutine_indices();
        for (name, index) in &program.sampler_uniforms {
            let Some(g) = self.all_units.iter().find_map(|u| u.globals.iter().find(|g| g.name == *name)) else { continue };
            let ty = nir_type(&mut self.b, &g.ty, None)?;
            let var = self.b.variable(Variable::new(name.clone(), ty, VariableMode::Image).with_binding(0, 128 + index));
            self.globals.insert(name.clone(), (Binding::Var(var), g.ty.clone()));
        }
        Ok(())
    }

    fn declare_global(&mut self, g: &crate::sema::GlobalVar, globals: &[crate::sema::GlobalVar], program: &ProgramInterface) -> GResult<()> {
        // A redeclared gl_PerVertex or built-in variable changes nothing here: they stay
        // built-ins, created on first use.
        let builtin_in_or_out = g.block.is_none()
            && g.name.starts_with("gl_")
            && matches!(g.storage, Storage::In | Storage::Out | Storage::Varying);
        if g.block.as_deref() == Some("gl_PerVertex") || builtin_in_or_out {
            return Ok(());
        }
        if self.declare_memory_global(g, globals, program)? || self.declare_image_global(g, program)? {
            return Ok(());
        }
        {
            match (g.storage, &g.block) {
                (Storage::Uniform, Some(block)) => {
                    let Some(k) = program.uniform_blocks.iter().position(|b| b.name == *block || b.name.starts_with(&format!("{}[", block))) else { return Ok(()) };
                    let binding = 1 + k as u32;
                    // A block with an instance name, or an array (of arrays) of them.
                    if g.name == *block || matches!(g.ty.innermost_element(), SType::Block(_)) {
                        let ty = nir_type(&mut self.b, &g.ty, Some(BlockLayout::Std140))?;
                        let var = self.b.variable(Variable::new(g.name.clone(), ty, VariableMode::Ubo).with_binding(0, binding));
                        self.globals.insert(g.name.clone(), (Binding::Var(var), g.ty.clone()));
                    } else {
                        // Members of an unnamed block share one variable.
                        let key = format!("#block {}", block);
                        let var = match self.globals.get(&key) {
                            Some((Binding::Var(v), _)) => *v,
                            _ => {
                                let st = crate::sema::unnamed_block_type(block, Storage::Uniform, globals);
                                let ty = nir_type(&mut self.b, &st, Some(BlockLayout::Std140))?;
                                let v = self.b.variable(Variable::new(block.clone(), ty, VariableMode::Ubo).with_binding(0, binding));
                                self.globals.insert(key, (Binding::Var(v), st));
                                v
                            }
                        };
                        let index = globals.iter().filter(|x| x.block.as_deref() == Some(block)).position(|x| x.name == g.name).unwrap_or(0);
                        self.globals.insert(g.name.clone(), (Binding::Member(var, index as u32), g.ty.clone()));
                    }
                }
                (Storage::In | Storage::Attribute | Storage::Varying, None) if !(g.storage == Storage::Varying && self.stage == GlStage::Vertex) => {
                    if !self.all_units.iter().any(|u| u.static_uses.contains(&g.name)) {
                        return Ok(());
                    }
                    let location = if self.stage == GlStage::Vertex {
                        program.attributes.iter().find(|a| a.name == g.name).map(|a| program.vertex_input_location(a.location.max(0) as u32))
                    } else {
                        program.varyings.iter().find(|v| v.name == g.name && v.consumer == self.stage).map(|v| v.location)
                    };
                    let sty = self.per_vertex_sized(&g.ty, Storage::In);
                    let ty = nir_type(&mut self.b, &sty, None)?;
                    let mut var = Variable::new(g.name.clone(), ty, VariableMode::ShaderIn);
                    var.location = Some(location.unwrap_or(0));
                    var.component = explicit_component(&g.qual);
                    var.interpolation = interpolation(&g.qual);
                    var.centroid = g.qual.has(|q| matches!(q, QualItem::Centroid));
                    var.patch = g.qual.has(|q| matches!(q, QualItem::Patch));
                    let h = self.b.variable(var);
                    self.globals.insert(g.name.clone(), (Binding::Var(h), sty));
                }
                (Storage::Out | Storage::Varying, None) => {
                    let location = if self.stage == GlStage::Fragment {
                        program.fragment_outputs.iter().find(|o| o.name == g.name).map(|o| o.location.max(0) as u32)
                    } else {
                        program.varyings.iter().find(|v| v.producer_name == g.name && v.producer == self.stage).map(|v| v.location)
                    };
                    let location = match location {
                        Some(l) => l,
                        None => match crate::link::explicit_int(&g.qual, "location") {
                            Some(l) => l.max(0) as u32,
                            None => self.unread_output_location(program, globals, self.output_slots(&g.ty, &g.qual)),
                        },
                    };
                    let ty = nir_type(&mut self.b, &g.ty, None)?;
                    let mut var = Variable::new(g.name.clone(), ty, VariableMode::ShaderOut);
                    var.location = Some(location);
                    var.component = explicit_component(&g.qual);
                    var.interpolation = interpolation(&g.qual);
                    var.invariant = g.qual.has(|q| matches!(q, QualItem::Invariant));
                    var.patch = g.qual.has(|q| matches!(q, QualItem::Patch));
                    if self.stage == GlStage::Fragment {
                        var.index = program.fragment_outputs.iter().find(|o| o.name == g.name).map(|o| o.index).filter(|i| *i > 0);
                    }
                    var.stream = self.geometry.as_ref().and_then(|x| x.streams.get(&g.name).copied());
                    let h = self.b.variable(var);
                    self.globals.insert(g.name.clone(), (Binding::Var(h), g.ty.clone()));
                }
                (Storage::In | Storage::Out, Some(block)) => {
                    // An input or output block: one variable for the block (instance or not).
                    let key = format!("#io {}", block);
                    let instance = g.name != *block && (matches!(g.ty, SType::Block(_)) || matches!(&g.ty, SType::Array(e, _) if matches!(**e, SType::Block(_))));
                    let var = match self.globals.get(&key) {
                        Some((Binding::Var(v), _)) => *v,
                        _ => {
                            let ty = if instance {
                                self.per_vertex_sized(&g.ty, g.storage)
                            } else {
                                crate::sema::unnamed_block_type(block, g.storage, globals)
                            };
                            let h = nir_type(&mut self.b, &ty, None)?;
                            let is_in = g.storage == Storage::In;
                            let match_name = block.as_str();
                            let location = program
                                .varyings
                                .iter()
                                .find(|v| if is_in { v.name == match_name && v.consumer == self.stage } else { v.producer_name == match_name && v.producer == self.stage })
                                .map(|v| v.location);
                            let location = match location {
                                Some(l) => l,
                                None if is_in => {
                                    // Read from no stage of this program: a place apart from the linked ones.
                                    self.next_output_location += 1;
                                    16 + self.next_output_location
                                }
                                None => self.unread_output_location(program, globals, self.output_slots(&ty, &g.qual)),
                            };
                            let mode = if is_in { VariableMode::ShaderIn } else { VariableMode::ShaderOut };
                            let mut var = Variable::new(block.clone(), h, mode);
                            var.location = Some(location);
                            var.member_locations = member_locations(&ty);
                            var.interpolation = interpolation(&g.qual);
                            if !is_in {
                                var.stream = self.geometry.as_ref().and_then(|x| x.streams.get(block).copied());
                            }
                            let v = self.b.variable(var);
                            self.globals.insert(key, (Binding::Var(v), ty));
                            v
                        }
                    };
                    if instance {
                        let t = self.per_vertex_sized(&g.ty, g.storage);
                        self.globals.insert(g.name.clone(), (Binding::Var(var), t));
                    } else {
                        let index = globals.iter().filter(|x| x.block.as_deref() == Some(block) && x.storage == g.storage).position(|x| x.name == g.name).unwrap_or(0);
                        self.globals.insert(g.name.clone(), (Binding::Member(var, index as u32), g.ty.clone()));
                    }
                }
                (Storage::Uniform, None) if !g.ty.contains_opaque() => {}
                (Storage::Uniform, None) => {}
                _ => {
                    if self.info.static_uses.contains(&g.name) {
                        return self.unsupported(&format!("`{:?}' variables", g.storage).to_lowercase());
                    }
                }
            }
        }
        Ok(())
    }

    /// A geometry shader's unsized per-vertex input takes the input primitive's size.
    /// The size of an implicitly sized per-vertex array: the input primitive's vertices in a
    /// geometry shader, gl_MaxPatchVertices for tessellation inputs, the output patch for
    /// a control shader's outputs.
    /// The location of an output (or output block) that no later stage of the program reads:
    /// `slots` whole locations of its own after every location a later stage reads, so
    /// transform feedback can capture it and the stage stays within the device's locations.
    fn unread_output_location(&mut self, program: &ProgramInterface, globals: &[crate::sema::GlobalVar], slots: u32) -> u32 {
        let read_end = program
            .varyings
            .iter()
            .filter(|v| v.producer == self.stage)
            .map(|v| {
                // A varying names a variable, or a block without an instance name by its members.
                let slots = match globals.iter().find(|x| x.name == v.producer_name) {
                    Some(x) => self.output_slots(&x.ty, &x.qual),
                    None => globals.iter().filter(|x| x.block.as_deref() == Some(v.producer_name.as_str())).map(|x| crate::link::slots(&x.ty)).sum(),
                };
                v.location + slots.max(1)
            })
            .max()
            .unwrap_or(0);
        // After the compatibility varyings the next stage reads too.
        let compat_end = program.compat_varyings.iter().filter(|(p, _, _)| *p == self.stage).filter_map(|(_, _, l)| l.end()).max().unwrap_or(0);
        let location = self.next_output_location.max(read_end).max(compat_end);
        self.next_output_location = location + slots.max(1);
        location
    }

    /// A location for a compatibility varying the linker placed nowhere (a stage it did
    /// not see the use of): after everything else the stage writes, so it meets nothing.
    fn unplaced_compat_location(&mut self) -> u32 {
        let end = self.program.compat_varyings_written(self.stage).end().unwrap_or(0);
        let location = self.next_output_location.max(end);
        self.next_output_location = location + TEX_COORD_SETS;
        location
    }

    /// Locations an output of this stage takes. A control shader's per-vertex outputs are
    /// arrays over the patch's vertices, a dimension that takes no locations of its own.
    fn output_slots(&self, ty: &SType, qual: &crate::ast::TypeQualifier) -> u32 {
        let per_vertex = self.stage == GlStage::TessControl && !qual.has(|q| matches!(q, QualItem::Patch));
        match ty {
            SType::Array(element, _) if per_vertex => crate::link::slots(element),
            _ => crate::link::slots(ty),
        }
    }

    fn per_vertex_sized(&self, t: &SType, storage: Storage) -> SType {
        match (t, &self.geometry, &self.tess) {
            (SType::Array(e, None), Some(g), _) if storage == Storage::In => SType::Array(e.clone(), Some(g.input_vertices)),
            (SType::Array(e, None), _, Some(_)) if storage == Storage::In => SType::Array(e.clone(), Some(tessellation::MAX_PATCH_VERTICES)),
            (SType::Array(e, None), _, Some(t)) if storage == Storage::Out && self.stage == GlStage::TessControl => SType::Array(e.clone(), Some(t.vertices_out)),
            _ => t.clone(),
        }
    }

    fn other_stage_uniform_type(&self, _name: &str) -> SType {
        // A uniform only another stage declares still occupies its slot; a float keeps
        // the member list aligned (its offset is what matters).
        SType::FLOAT
    }

    /// A built-in variable, created when first used.
    fn builtin(&mut self, name: &str) -> GResult<Option<(Binding, SType)>> {
        let f = SType::FLOAT;
        let v4 = SType::Vector(Scalar::Float, 4);
        let (builtin, mode, ty, location) = match (self.stage, name) {
            (_, "gl_Position") => (Some(Builtin::Position), VariableMode::ShaderOut, v4, None),
            (_, "gl_PointSize") => (Some(Builtin::PointSize), VariableMode::ShaderOut, f, None),
            (GlStage::Vertex, "gl_VertexID") => (Some(Builtin::VertexIndex), VariableMode::ShaderIn, SType::INT, None),
            (GlStage::Vertex, "gl_InstanceID" | "gl_InstanceIDARB") => (Some(Builtin::InstanceIndex), VariableMode::ShaderIn, SType::INT, None),
            (GlStage::Fragment, "gl_FragCoord") => (Some(Builtin::FragCoord), VariableMode::ShaderIn, v4, None),
            (GlStage::Fragment, "gl_FrontFacing") => (Some(Builtin::FrontFacing), VariableMode::ShaderIn, SType::BOOL, None),
            (GlStage::Fragment, "gl_PointCoord") => (Some(Builtin::PointCoord), VariableMode::ShaderIn, SType::Vector(Scalar::Float, 2), None),
            (GlStage::Fragment, "gl_HelperInvocation") => (Some(Builtin::HelperInvocation), VariableMode::ShaderIn, SType::BOOL, None),
            (GlStage::Fragment, "gl_SampleID") => (Some(Builtin::SampleId), VariableMode::ShaderIn, SType::INT, None),
            (GlStage::Fragment, "gl_SamplePosition") => (Some(Builtin::SamplePosition), VariableMode::ShaderIn, SType::Vector(Scalar::Float, 2), None),
            // One 32-bit word of mask covers every sample count a device offers GL (≤ 32).
            (GlStage::Fragment, "gl_SampleMaskIn") => (Some(Builtin::SampleMask), VariableMode::ShaderIn, SType::Array(Box::new(SType::INT), Some(1)), None),
            (GlStage::Fragment, "gl_SampleMask") => (Some(Builtin::SampleMask), VariableMode::ShaderOut, SType::Array(Box::new(SType::INT), Some(1)), None),
            (GlStage::Fragment, "gl_FragDepth") => (Some(Builtin::FragDepth), VariableMode::ShaderOut, f, None),
            (GlStage::Fragment, "gl_FragColor") => (Some(Builtin::FragColor), VariableMode::ShaderOut, v4, None),
            (GlStage::Fragment, "gl_FragData") => (None, VariableMode::ShaderOut, SType::Array(Box::new(v4), Some(8)), Some(0)),
            // EXT_blend_func_extended's second colours: location 0, index 1 (set below).
            (GlStage::Fragment, "gl_SecondaryFragColorEXT") => (None, VariableMode::ShaderOut, v4, Some(0)),
            (GlStage::Fragment, "gl_SecondaryFragDataEXT") => {
                (None, VariableMode::ShaderOut, SType::Array(Box::new(v4), Some(crate::link::MAX_DUAL_SOURCE_DRAW_BUFFERS)), Some(0))
            }
            (GlStage::Geometry, "gl_PrimitiveID") => (Some(Builtin::PrimitiveId), VariableMode::ShaderOut, SType::INT, None),
            (_, "gl_PrimitiveID") => (Some(Builtin::PrimitiveId), VariableMode::ShaderIn, SType::INT, None),
            (GlStage::Geometry, "gl_PrimitiveIDIn") => (Some(Builtin::PrimitiveId), VariableMode::ShaderIn, SType::INT, None),
            (GlStage::Geometry | GlStage::TessControl, "gl_InvocationID") => (Some(Builtin::InvocationId), VariableMode::ShaderIn, SType::INT, None),
            (GlStage::Fragment, "gl_Layer") => (Some(Builtin::Layer), VariableMode::ShaderIn, SType::INT, None),
            (GlStage::Fragment, "gl_ViewportIndex") => (Some(Builtin::ViewportIndex), VariableMode::ShaderIn, SType::INT, None),
            (_, "gl_Layer") => (Some(Builtin::Layer), VariableMode::ShaderOut, SType::INT, None),
            (_, "gl_ViewportIndex") => (Some(Builtin::ViewportIndex), VariableMode::ShaderOut, SType::INT, None),
            (GlStage::Vertex, n) if crate::link::BUILTIN_ATTRIBUTES.iter().any(|(a, _)| *a == n) => {
                let loc = crate::link::BUILTIN_ATTRIBUTES.iter().find(|(a, _)| *a == n).map(|(_, l)| *l);
                let ty = match n {
                    "gl_Normal" => SType::Vector(Scalar::Float, 3),
                    "gl_FogCoord" => f,
                    _ => v4,
                };
                (None, VariableMode::ShaderIn, ty, loc)
            }
            (GlStage::Vertex | GlStage::Geometry, n) if CompatVarying::from_producer_name(n).is_some() => {
                let loc = CompatVarying::from_producer_name(n).and_then(|v| self.program.compat_varyings_written(self.stage).location(v));
                let loc = Some(loc.unwrap_or_else(|| self.unplaced_compat_location()));
                let ty = match n {
                    "gl_FogFragCoord" => f,
                    "gl_TexCoord" => SType::Array(Box::new(v4), Some(TEX_COORD_SETS)),
                    _ => v4,
                };
                (None, VariableMode::ShaderOut, ty, loc)
            }
            (GlStage::Fragment, n) if CompatVarying::from_consumer_name(n).is_some() => {
                let loc = CompatVarying::from_consumer_name(n).and_then(|v| self.program.compat_varyings_read(self.stage).location(v));
                let loc = Some(loc.unwrap_or_else(|| self.unplaced_compat_location()));
                let ty = match n {
                    "gl_FogFragCoord" => f,
                    "gl_TexCoord" => SType::Array(Box::new(v4), Some(TEX_COORD_SETS)),
                    _ => v4,
                };
                (None, VariableMode::ShaderIn, ty, loc)
            }
            (GlStage::Vertex | GlStage::Geometry | GlStage::TessEval, "gl_ClipVertex") => (Some(Builtin::ClipVertex), VariableMode::ShaderOut, v4, None),
            (GlStage::Fragment | GlStage::Vertex | GlStage::Geometry | GlStage::TessEval, "gl_ClipDistance" | "gl_CullDistance") => {
                let builtin = if name == "gl_ClipDistance" { Builtin::ClipDistance } else { Builtin::CullDistance };
                let mode = if self.stage == GlStage::Fragment { VariableMode::ShaderIn } else { VariableMode::ShaderOut };
                (Some(builtin), mode, SType::Array(Box::new(f), Some(self.clip_cull_size(name))), None)
            }
            (GlStage::TessControl | GlStage::TessEval, n) if tessellation::tess_builtin(self.stage, n).is_some() => {
                let (builtin, mode, ty) = tessellation::tess_builtin(self.stage, n).expect("checked");
                (Some(builtin), mode, ty, None)
            }
            (GlStage::Compute, n) if compute::compute_builtin(n).is_some() => {
                let (builtin, ty) = compute::compute_builtin(n).expect("checked");
                (Some(builtin), VariableMode::ShaderIn, ty, None)
            }
            _ => return Ok(None),
        };
        let nty = nir_type(&mut self.b, &ty, None)?;
        let mut var = Variable::new(name, nty, mode);
        var.builtin = builtin;
        var.location = location;
        if matches!(name, "gl_SecondaryFragColorEXT" | "gl_SecondaryFragDataEXT") {
            var.index = Some(1);
        }
        // A redeclared compatibility varying (`flat in vec4 gl_Color;`) keeps its qualifiers.
        if builtin.is_none() && matches!(mode, VariableMode::ShaderIn | VariableMode::ShaderOut) {
            if let Some(g) = self.all_units.iter().find_map(|u| u.globals.iter().find(|g| g.name == name && g.block.is_none())) {
                var.interpolation = interpolation(&g.qual);
                var.centroid = g.qual.has(|q| matches!(q, QualItem::Centroid));
            }
        }
        // The tessellation levels are per patch; Vulkan drivers read them only when decorated so.
        var.patch = matches!(builtin, Some(Builtin::TessLevelOuter | Builtin::TessLevelInner));
        let h = self.b.variable(var);
        self.globals.insert(name.to_string(), (Binding::Var(h), ty.clone()));
        Ok(Some((Binding::Var(h), ty)))
    }

    /// The size of gl_ClipDistance or gl_CullDistance: the largest any shader object of
    /// the stage gives (GL_MAX_CLIP_DISTANCES when none does).
    pub(super) fn clip_cull_size(&self, name: &str) -> u32 {
        self.all_units.iter().filter_map(|u| u.clip_cull_sizes.get(name).copied()).max().unwrap_or(8).clamp(1, 8)
    }

    /// A user declaration of `name`, if any (scopes, then globals).
    fn lookup_local_or_global(&self, name: &str) -> Option<(Binding, SType)> {
        self.scopes.iter().rev().find_map(|s| s.get(name)).or_else(|| self.globals.get(name)).cloned()
    }

    fn lookup(&mut self, name: &str) -> GResult<(Binding, SType)> {
        for s in self.scopes.iter().rev() {
            if let Some(b) = s.get(name) {
                return Ok(b.clone());
            }
        }
        if let Some(b) = self.globals.get(name) {
            return Ok(b.clone());
        }
        match self.builtin(name)? {
            Some(b) => Ok(b),
            None => self.unsupported(&format!("the variable `{}'", name)),
        }
    }

    // ---- functions ----

    /// The stage's translation units (one per shader object) become one shader: their
    /// globals are shared by name, functions of any unit may call those of another, and the
    /// one `main` is the entry point.
    fn translation_units(&mut self, units: &[(&'i TranslationUnit, &'i ShaderInterface)]) -> GResult<()> {
        let main = self.b.func;
        // Global initializers and constants run at the start of main.
        self.scopes.push(HashMap::new());
        let mut defs: Vec<(&'i FunctionDef, &'i ShaderInterface)> = Vec::new();
        for &(tu, info) in units {
            self.info = info;
            for item in &tu.items {
                match item {
                    ExternalDecl::Function(f) => defs.push((f, info)),
                    ExternalDecl::Declaration(Declaration::Variables { qual, decls, .. }) => {
                        let storage = qual.storage();
                        if storage.is_none() || storage == Some(Storage::Const) {
                            for d in decls {
                                if units.len() > 1 && self.globals.contains_key(&d.name) {
                                    continue;
                                }
                                self.global_private(d)?;
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        // Declare every function first so calls may precede definitions.
        for &(f, info) in &defs {
            self.info = info;
            if f.proto.name == "main" {
                continue;
            }
            let mut params = Vec::new();
            let mut ptypes = Vec::new();
            let mut aggregate = None;
            for p in declared_params(&f.proto) {
                let t = self.param_type(p)?;
                let h = nir_type(&mut self.b, &t, None)?;
                let mode = if passed_by_reference(&t) { VariableMode::Image } else { VariableMode::FunctionLocal };
                params.push(Param { name: p.name.clone().unwrap_or_default(), kind: ParamKind::Deref { ty: h, mode } });
                ptypes.push(t);
            }
            let ret = match self.return_type(&f.proto)? {
                ReturnKind::Value(vt) => vt,
                ReturnKind::ThroughParam(t) => {
                    let h = nir_type(&mut self.b, &t, None)?;
                    params.push(Param { name: "return value".into(), kind: ParamKind::Deref { ty: h, mode: VariableMode::FunctionLocal } });
                    aggregate = Some(t);
                    None
                }
            };
            let h = self.b.function(&f.proto.name, params, ret);
            if let Some(t) = aggregate {
                self.returned_through_param.insert(h, t);
            }
            self.functions.entry(f.proto.name.clone()).or_default().push((ptypes, h));
        }
        let global_scope = self.scopes.clone();
        for &(f, info) in &defs {
            self.info = info;
            if f.proto.name == "main" {
                continue;
            }
            let ptypes: Vec<SType> = declared_params(&f.proto).iter().map(|p| self.param_type(p)).collect::<GResult<_>>()?;
            let h = self.functions[&f.proto.name].iter().find(|(t, _)| *t == ptypes).map(|(_, h)| *h).expect("declared above");
            self.b.set_function(h);
            self.scopes = global_scope.clone();
            self.scopes.push(HashMap::new());
            for (i, (p, t)) in declared_params(&f.proto).iter().zip(ptypes).enumerate() {
                if let Some(n) = &p.name {
                    self.scopes.last_mut().expect("open").insert(n.clone(), (Binding::Param(i as u32), t));
                }
            }
            for s in &f.body {
                self.statement(s)?;
            }
        }
        self.b.set_function(main);
        self.scopes = global_scope;
        for &(f, info) in &defs {
            self.info = info;
            if f.proto.name == "main" {
                self.scopes.push(HashMap::new());
                for s in &f.body {
                    self.statement(s)?;
                }
                self.scopes.pop();
            }
        }
        Ok(())
    }

    fn param_type(&self, p: &crate::ast::Param) -> GResult<SType> {
        let key = (p.loc.line, p.loc.column, p.name.clone().unwrap_or_default());
        match self.info.declared_types.get(&key) {
            Some(t) => Ok(t.clone()),
            None => self.unsupported("unnamed or unresolved parameters"),
        }
    }

    fn return_type(&self, p: &FunctionProto) -> GResult<ReturnKind> {
        // The checker resolved the return type of every prototype.
        let key = (p.loc.line, p.loc.column, p.name.clone());
        let Some(t) = self.info.function_returns.get(&key) else {
            return self.unsupported("functions whose return type is unresolved");
        };
        if *t == SType::Void {
            return Ok(ReturnKind::Value(None));
        }
        match value_type(t) {
            Some(vt) => Ok(ReturnKind::Value(Some(vt))),
            None if t.contains_opaque() => self.unsupported("functions returning opaque types"),
            None => Ok(ReturnKind::ThroughParam(t.clone())),
        }
    }

    // ---- statements ----

    fn push_scope(&mut self) {
        self.scopes.push(HashMap::new());
    }

    fn pop_scope(&mut self) {
        self.scopes.pop();
    }

    fn temp(&mut self, t: &SType) -> GResult<(Handle<Local>, Value)> {
        self.temp_count += 1;
        let h = nir_type(&mut self.b, t, None)?;
        let l = self.b.local(&format!("tmp{}", self.temp_count), h);
        let d = self.b.deref_local(l);
        Ok((l, d))
    }

    /// A global without storage qualifier: private to the invocation, visible to every
    /// function; its initializer runs at the start of main.
    fn global_private(&mut self, d: &Declarator) -> GResult<()> {
        let key = (d.loc.line, d.loc.column, d.name.clone());
        let Some(t) = self.info.declared_types.get(&key).cloned() else {
            return self.unsupported(&format!("the declaration of `{}'", d.name));
        };
        let h = nir_type(&mut self.b, &t, None)?;
        let var = self.b.variable(Variable::new(d.name.clone(), h, VariableMode::GlobalPrivate));
        if let Some(init) = &d.init {
            let deref = self.b.deref_var(var);
            self.store_initializer(deref, &t, init)?;
        }
        self.globals.insert(d.name.clone(), (Binding::Var(var), t));
        Ok(())
    }

    fn local_declaration(&mut self, d: &Declarator) -> GResult<()> {
        let key = (d.loc.line, d.loc.column, d.name.clone());
        let Some(t) = self.info.declared_types.get(&key).cloned() else {
            return self.unsupported(&format!("the declaration of `{}'", d.name));
        };
        let h = nir_type(&mut self.b, &t, None)?;
        let l = self.b.local(&d.name, h);
        if let Some(init) = &d.init {
            let deref = self.b.deref_local(l);
            self.store_initializer(deref, &t, init)?;
        }
        self.scopes.last_mut().expect("open").insert(d.name.clone(), (Binding::Local(l), t));
        Ok(())
    }

    /// Stores an initializer into `deref`: an expression as it is, a `{ ... }` list
    /// (GLSL 4.20) element by element, member by member, column by column.
    fn store_initializer(&mut self, deref: Value, t: &SType, init: &Initializer) -> GResult<()> {
        let items = match init {
            Initializer::Expr(e) => {
                let v = self.rvalue(e)?;
                let v = self.convert_rv(v, &self.ty_of(e), t)?;
                return self.store(deref, t, None, v);
            }
            Initializer::List(items, _) => items,
        };
        match t {
            SType::Array(e, _) => {
                for (i, item) in items.iter().enumerate() {
                    let ed = self.b.deref_array_imm(deref, i as u32);
                    self.store_initializer(ed, e, item)?;
                }
                Ok(())
            }
            SType::Struct(st) => {
                for (i, ((_, mt), item)) in st.members.iter().zip(items).enumerate() {
                    let md = self.b.deref_struct(deref, i as u32);
                    self.store_initializer(md, mt, item)?;
                }
                Ok(())
            }
            _ => {
                let v = self.initializer_list_value(t, items)?;
                self.store(deref, t, None, v)
            }
        }
    }

    /// The value of a vector (one item a component) or matrix (one item a column)
    /// initializer list.
    fn initializer_list_value(&mut self, t: &SType, items: &[Initializer]) -> GResult<Rv> {
        let item_value = |g: &mut Self, item: &Initializer, ty: &SType| -> GResult<Rv> {
            match item {
                Initializer::Expr(e) => {
                    let v = g.rvalue(e)?;
                    g.convert_rv(v, &g.ty_of(e), ty)
                }
                Initializer::List(inner, _) => g.initializer_list_value(ty, inner),
            }
        };
        match t {
            SType::Vector(s, _) => {
                let mut comps = Vec::with_capacity(items.len());
                for item in items {
                    let Rv::V(v) = item_value(self, item, &SType::Scalar(*s))? else { return self.unsupported("this initializer list") };
                    comps.push(v);
                }
                Ok(Rv::V(self.b.compose(&comps)))
            }
            SType::Matrix { rows, double, .. } => {
                let column = SType::Vector(if *double { Scalar::Double } else { Scalar::Float }, *rows);
                let mut columns = Vec::with_capacity(items.len());
                for item in items {
                    let Rv::V(v) = item_value(self, item, &column)? else { return self.unsupported("this initializer list") };
                    columns.push(v);
                }
                Ok(Rv::M(columns))
            }
            _ => match items {
                [item] => item_value(self, item, t),
                _ => self.unsupported("this initializer list"),
            },
        }
    }

    fn statement(&mut self, s: &Stmt) -> GResult<()> {
        match &s.kind {
            StmtKind::Compound(list) => {
                self.push_scope();
                for x in list {
                    self.statement(x)?;
                }
                self.pop_scope();
            }
            StmtKind::Declaration(Declaration::Variables { decls, .. }) => {
                for d in decls {
                    self.local_declaration(d)?;
                }
            }
            StmtKind::Declaration(_) => {}
            StmtKind::Expr(Some(e)) => {
                self.rvalue(e)?;
            }
            StmtKind::Expr(None) => {}
            StmtKind::If { cond, then, otherwise } => {
                let c = self.scalar_rvalue(cond)?;
                self.b.push_if(c);
                self.push_scope();
                self.statement(then)?;
                self.pop_scope();
                if let Some(o) = otherwise {
                    self.b.push_else();
                    self.push_scope();
                    self.statement(o)?;
                    self.pop_scope();
                }
                self.b.pop_if();
            }
            StmtKind::While { cond, body } => {
                self.push_scope();
                self.b.push_loop();
                let c = self.condition(cond)?;
                let nc = self.b.bnot(c);
                self.b.push_if(nc);
                self.b.break_();
                self.b.pop_if();
                self.statement(body)?;
                self.b.pop_loop();
                self.pop_scope();
            }
            StmtKind::DoWhile { body, cond } => {
                self.b.push_loop();
                self.push_scope();
                self.statement(body)?;
                self.pop_scope();
                self.b.push_continue();
                let c = self.scalar_rvalue(cond)?;
                let nc = self.b.bnot(c);
                self.b.push_if(nc);
                self.b.break_();
                self.b.pop_if();
                self.b.pop_loop();
            }
            StmtKind::For { init, cond, step, body } => {
                self.push_scope();
                self.statement(init)?;
                self.b.push_loop();
                if let Some(c) = cond {
                    let c = self.condition(c)?;
                    let nc = self.b.bnot(c);
                    self.b.push_if(nc);
                    self.b.break_();
                    self.b.pop_if();
                }
                self.statement(body)?;
                self.b.push_continue();
                if let Some(st) = step {
                    self.rvalue(st)?;
                }
                self.b.pop_loop();
                self.pop_scope();
            }
            StmtKind::Switch { expr, body } => self.switch(expr, body)?,
            StmtKind::Case(_) | StmtKind::Default => {}
            StmtKind::Break => self.b.break_(),
            StmtKind::Continue => self.b.continue_(),
            StmtKind::Discard => self.b.discard(),
            StmtKind::Demote => {
                self.b.intrinsic(nir_like::IntrinsicOp::Demote, &[], None);
            }
            StmtKind::Return(e) => match e {
                Some(e) if self.returned_through_param.contains_key(&self.b.func) => {
                    let t = self.returned_through_param[&self.b.func].clone();
                    let v = self.rvalue(e)?;
                    let v = self.convert_rv(v, &self.ty_of(e), &t)?;
                    let slot = self.b.function_ref().params.len() as u32 - 1;
                    let d = self.b.deref_param(slot);
                    self.store(d, &t, None, v)?;
                    self.b.return_(None);
                }
                Some(e) => {
                    let v = self.rvalue(e)?;
                    let ret = self.b.function_ref().return_type;
                    let v = match (v, ret) {
                        (Rv::V(v), Some(rt)) => self.convert_value(v, rt),
                        (Rv::V(v), None) => v,
                        _ => return self.unsupported("returning aggregates"),
                    };
                    self.b.return_(Some(v));
                }
                None => self.b.return_(None),
            },
        }
        Ok(())
    }

    /// A switch is a loop that runs once: `break` leaves it, and a `matched` flag gives
    /// case labels their fall-through.
    fn switch(&mut self, expr: &Expr, body: &[Stmt]) -> GResult<()> {
        let sel = self.scalar_rvalue(expr)?;
        let (_, matched) = self.temp(&SType::BOOL)?;
        let f = self.b.imm_bool(false);
        self.b.store_deref(matched, f);
        self.b.push_loop();
        self.push_scope();
        // Default: taken when no case matches, wherever it is written.
        let mut labels = Vec::new();
        for s in body {
            if let StmtKind::Case(e) = &s.kind {
                labels.push(e);
            }
        }
        let mut i = 0;
        while i < body.len() {
            let mut cond: Option<Value> = None;
            while i < body.len() && matches!(body[i].kind, StmtKind::Case(_) | StmtKind::Default) {
                let c = match &body[i].kind {
                    StmtKind::Case(e) => {
                        let v = self.scalar_rvalue(e)?;
                        let v = self.convert_value(v, self.b.type_of(sel));
                        self.b.ieq(sel, v)
                    }
                    _ => {
                        // No label matches the selector.
                        let mut any = self.b.imm_bool(false);
                        for l in &labels {
                            let v = self.scalar_rvalue(l)?;
                            let v = self.convert_value(v, self.b.type_of(sel));
                            let eq = self.b.ieq(sel, v);
                            any = self.b.bor(any, eq);
                        }
                        self.b.bnot(any)
                    }
                };
                cond = Some(match cond {
                    Some(p) => self.b.bor(p, c),
                    None => c,
                });
                i += 1;
            }
            if let Some(c) = cond {
                let m = self.b.load_deref(matched);
                let now = self.b.bor(m, c);
                self.b.store_deref(matched, now);
            }
            let m = self.b.load_deref(matched);
            self.b.push_if(m);
            while i < body.len() && !matches!(body[i].kind, StmtKind::Case(_) | StmtKind::Default) {
                self.statement(&body[i])?;
                i += 1;
            }
            self.b.pop_if();
        }
        self.pop_scope();
        self.b.break_();
        self.b.pop_loop();
        Ok(())
    }

    fn condition(&mut self, c: &Condition) -> GResult<Value> {
        match c {
            Condition::Expr(e) => self.scalar_rvalue(e),
            Condition::Declare { name, init, loc, .. } => {
                let v = self.scalar_rvalue(init)?;
                let (l, d) = self.temp(&SType::BOOL)?;
                self.b.store_deref(d, v);
                self.scopes.last_mut().expect("open").insert(name.clone(), (Binding::Local(l), SType::BOOL));
                let _ = loc;
                Ok(v)
            }
        }
    }

    // ---- expressions ----

    fn scalar_rvalue(&mut self, e: &Expr) -> GResult<Value> {
        match self.rvalue(e)? {
            Rv::V(v) => Ok(v),
            _ => self.unsupported("a non-scalar condition"),
        }
    }

    fn constant(&mut self, c: &SConst) -> Option<Rv> {
        let s = c.ty.scalar()?;
        let vals = |n: usize, off: usize| -> &[Lit] { &c.comps[off..off + n] };
        let mk = |b: &mut Builder, lits: &[Lit]| -> Value {
            let cv = match s {
                Scalar::Float => nir_like::ConstValue::f32s(&lits.iter().map(|l| l.as_f64() as f32).collect::<Vec<_>>()),
                Scalar::Double => nir_like::ConstValue::f64s(&lits.iter().map(|l| l.as_f64()).collect::<Vec<_>>()),
                Scalar::Int => nir_like::ConstValue::i32s(&lits.iter().map(|l| l.as_i64() as i32).collect::<Vec<_>>()),
                Scalar::Uint => nir_like::ConstValue::u32s(&lits.iter().map(|l| l.as_i64() as u32).collect::<Vec<_>>()),
                Scalar::Bool => nir_like::ConstValue::bools(&lits.iter().map(|l| l.as_bool()).collect::<Vec<_>>()),
                Scalar::Int64 | Scalar::Uint64 => nir_like::ConstValue { ty: scalar_vt(s, lits.len() as u8), bits: lits.iter().map(|l| l.as_i64() as u64).collect() },
            };
            b.constant(cv)
        };
        match &c.ty {
            SType::Scalar(_) | SType::Vector(..) if c.comps.len() == c.ty.components() as usize => Some(Rv::V(mk(&mut self.b, vals(c.comps.len(), 0)))),
            SType::Matrix { cols, rows, .. } if c.comps.len() == (*cols * *rows) as usize => {
                let cols: Vec<Value> = (0..*cols as usize).map(|i| mk(&mut self.b, vals(*rows as usize, i * *rows as usize))).collect();
                Some(Rv::M(cols))
            }
            _ => None,
        }
    }

    fn rvalue(&mut self, e: &Expr) -> GResult<Rv> {
        if let Some(c) = self.info.expr_constants.get(&e.id) {
            if let Some(rv) = self.constant(c) {
                return Ok(rv);
            }
        }
        let ty = self.ty_of(e);
        match &e.kind {
            ExprKind::Ident(name) if self.is_local_group_size(name) => Ok(Rv::V(self.local_group_size())),
            ExprKind::Ident(_) | ExprKind::Index(..) | ExprKind::Field(..) => {
                if let ExprKind::Field(base, name) = &e.kind {
                    let bt = self.ty_of(base);
                    if bt.is_scalar() || bt.is_vector() {
                        // A swizzle of any value.
                        let v = self.rvalue(base)?;
                        let Rv::V(v) = v else { return self.unsupported("this swizzle") };
                        let idx = swizzle_indices(name);
                        if bt.is_scalar() {
                            return Ok(Rv::V(if idx.len() == 1 { v } else { self.b.splat(v, idx.len() as u8) }));
                        }
                        return Ok(Rv::V(if idx.len() == 1 { self.b.channel(v, idx[0]) } else { self.b.swizzle(v, &idx) }));
                    }
                }
                let p = self.place(e)?;
                self.load(&p)
            }
            ExprKind::Int(_) | ExprKind::Uint(_) | ExprKind::Float(_) | ExprKind::Double(_) | ExprKind::Bool(_) | ExprKind::Int64(_) | ExprKind::Uint64(_) => {
                self.unsupported("this literal")
            }
            ExprKind::Unary(op, a) => self.unary(*op, a, &ty),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, &ty),
            ExprKind::Assign(op, a, b) => {
                let p = self.place(a)?;
                let lt = p.ty.clone();
                let value = match op {
                    None => {
                        let v = self.rvalue(b)?;
                        self.convert_rv(v, &self.ty_of(b), &lt)?
                    }
                    Some(bop) => {
                        let old = self.load(&p)?;
                        let r = self.rvalue(b)?;
                        let rt = self.ty_of(b);
                        let res_ty = arith_result(*bop, &lt, &rt);
                        let v = self.arith(*bop, old, &lt, r, &rt, &res_ty)?;
                        self.convert_rv(v, &res_ty, &lt)?
                    }
                };
                self.store(p.deref, &lt, p.swizzle.as_deref(), value.clone())?;
                Ok(value)
            }
            ExprKind::Ternary(c, a, b) => {
                let cv = self.scalar_rvalue(c)?;
                let (_, d) = self.temp(&ty)?;
                self.b.push_if(cv);
                let av = self.rvalue(a)?;
                let av = self.convert_rv(av, &self.ty_of(a), &ty)?;
                self.store(d, &ty, None, av)?;
                self.b.push_else();
                let bv = self.rvalue(b)?;
                let bv = self.convert_rv(bv, &self.ty_of(b), &ty)?;
                self.store(d, &ty, None, bv)?;
                self.b.pop_if();
                self.load(&Place { deref: d, ty, swizzle: None })
            }
            ExprKind::Comma(a, b) => {
                self.rvalue(a)?;
                self.rvalue(b)
            }
            ExprKind::Call { callee, args } => self.call(e, callee, args, &ty),
        }
    }

    fn place(&mut self, e: &Expr) -> GResult<Place> {
        match &e.kind {
            // A value, not a variable: indexing it goes through a temporary.
            ExprKind::Ident(name) if self.is_local_group_size(name) => self.spill(e),
            ExprKind::Ident(name) => {
                let (binding, ty) = self.lookup(name)?;
                let deref = match binding {
                    Binding::Var(v) => self.b.deref_var(v),
                    Binding::Local(l) => self.b.deref_local(l),
                    Binding::Param(i) => self.b.deref_param(i),
                    Binding::Member(v, i) => {
                        let d = self.b.deref_var(v);
                        self.b.deref_struct(d, i)
                    }
                };
                Ok(Place { deref, ty, swizzle: None })
            }
            ExprKind::Index(a, i) => {
                let base = self.place_or_spill(a)?;
                if base.swizzle.is_some() {
                    return self.unsupported("indexing a swizzle");
                }
                let iv = self.scalar_rvalue(i)?;
                let deref = self.b.deref_array(base.deref, iv);
                let ty = match &base.ty {
                    SType::Array(e, _) => (**e).clone(),
                    SType::Matrix { .. } => base.ty.column().expect("matrix"),
                    SType::Vector(s, _) => SType::Scalar(*s),
                    _ => return self.unsupported("this index"),
                };
                Ok(Place { deref, ty, swizzle: None })
            }
            ExprKind::Field(a, name) if matches!(&a.kind, ExprKind::Index(x, _) if matches!(&x.kind, ExprKind::Ident(n) if n == "gl_out") && self.lookup_local_or_global("gl_out").is_none()) => {
                let ExprKind::Index(_, i) = &a.kind else { unreachable!("matched above") };
                self.per_vertex_output(i, name)
            }
            ExprKind::Field(a, name) if matches!(&a.kind, ExprKind::Index(x, _) if matches!(&x.kind, ExprKind::Ident(n) if n == "gl_in") && self.lookup_local_or_global("gl_in").is_none()) => {
                let ExprKind::Index(_, i) = &a.kind else { unreachable!("matched above") };
                self.per_vertex_input(i, name)
            }
            ExprKind::Field(a, name) => {
                let base = self.place_or_spill(a)?;
                match &base.ty {
                    SType::Struct(st) | SType::Block(st) => {
                        let i = st.members.iter().position(|(n, _)| n == name).ok_or("unknown member")?;
                        let deref = self.b.deref_struct(base.deref, i as u32);
                        Ok(Place { deref, ty: st.members[i].1.clone(), swizzle: None })
                    }
                    SType::Vector(s, _) => {
                        let idx = swizzle_indices(name);
                        let idx = match &base.swizzle {
                            Some(outer) => idx.iter().map(|i| outer[*i as usize]).collect(),
                            None => idx,
                        };
                        Ok(Place { deref: base.deref, ty: SType::vector(*s, idx.len() as u8), swizzle: Some(idx) })
                    }
                    _ => self.unsupported("this member selection"),
                }
            }
            _ => self.unsupported("assignment to this expression"),
        }
    }

    /// The place of `e`, or of a temporary holding its value.
    fn place_or_spill(&mut self, e: &Expr) -> GResult<Place> {
        match &e.kind {
            ExprKind::Ident(_) | ExprKind::Index(..) => self.place(e),
            ExprKind::Field(a, _) if !self.ty_of(a).is_vector() && !self.ty_of(a).is_scalar() => self.place(e),
            ExprKind::Field(..) => self.place(e).or_else(|_| self.spill(e)),
            _ => self.spill(e),
        }
    }

    fn spill(&mut self, e: &Expr) -> GResult<Place> {
        let ty = self.ty_of(e);
        let v = self.rvalue(e)?;
        let (_, d) = self.temp(&ty)?;
        self.store(d, &ty, None, v)?;
        Ok(Place { deref: d, ty, swizzle: None })
    }

    fn load(&mut self, p: &Place) -> GResult<Rv> {
        match &p.ty {
            SType::Scalar(_) | SType::Vector(..) => match &p.swizzle {
                Some(idx) => {
                    let full = self.b.load_deref(p.deref);
                    Ok(Rv::V(if idx.len() == 1 { self.b.channel(full, idx[0]) } else { self.b.swizzle(full, idx) }))
                }
                None => Ok(Rv::V(self.b.load_deref(p.deref))),
            },
            SType::Matrix { cols, .. } => {
                let mut columns = Vec::new();
                for c in 0..*cols {
                    let d = self.b.deref_array_imm(p.deref, c as u32);
                    columns.push(self.b.load_deref(d));
                }
                Ok(Rv::M(columns))
            }
            SType::Array(..) | SType::Struct(_) | SType::Block(_) | SType::Opaque(_) => Ok(Rv::Mem(p.deref)),
            _ => self.unsupported("loading this type"),
        }
    }

    fn store(&mut self, deref: Value, ty: &SType, swizzle: Option<&[u8]>, v: Rv) -> GResult<()> {
        match (v, swizzle) {
            (Rv::V(v), None) => self.b.store_deref(deref, v),
            (Rv::V(v), Some(idx)) => {
                // Read, replace the swizzled components, write back.
                let old = self.b.load_deref(deref);
                let n = self.b.type_of(old).components;
                let mut parts = Vec::new();
                for c in 0..n {
                    match idx.iter().position(|i| *i == c) {
                        Some(k) => parts.push(if idx.len() == 1 { v } else { self.b.channel(v, k as u8) }),
                        None => parts.push(self.b.channel(old, c)),
                    }
                }
                let new = self.b.compose(&parts);
                self.b.store_deref(deref, new);
            }
            (Rv::M(cols), _) => {
                for (c, col) in cols.into_iter().enumerate() {
                    let d = self.b.deref_array_imm(deref, c as u32);
                    self.b.store_deref(d, col);
                }
            }
            (Rv::Mem(src), _) => {
                if ty.contains_opaque() {
                    return self.unsupported("copying opaque values");
                }
                self.b.copy_deref(deref, src)
            }
            (Rv::None, _) => return self.unsupported("storing a void value"),
        }
        Ok(())
    }

    fn convert_value(&mut self, v: Value, to: ValueType) -> Value {
        let from = self.b.type_of(v);
        let v = if from.base != to.base || from.bits != to.bits { self.b.convert(v, to.base, to.bits) } else { v };
        if from.components == 1 && to.components > 1 {
            self.b.splat(v, to.components)
        } else {
            v
        }
    }

    /// Implicit (and constructor) conversion of a value of type `from` to `to`.
    fn convert_rv(&mut self, v: Rv, from: &SType, to: &SType) -> GResult<Rv> {
        if from == to {
            return Ok(v);
        }
        match (v, to) {
            (Rv::V(v), t) if value_type(t).is_some() => Ok(Rv::V(self.convert_value(v, value_type(t).expect("checked")))),
            (Rv::M(cols), SType::Matrix { rows, double, .. }) => {
                let vt = if *double { ValueType::double(*rows) } else { ValueType::float(*rows) };
                Ok(Rv::M(cols.into_iter().map(|c| self.convert_value(c, vt)).collect()))
            }
            (v @ Rv::Mem(_), _) => Ok(v),
            (v, _) if from.is_error() => Ok(v),
            _ => self.unsupported("this conversion"),
        }
    }

    fn unary(&mut self, op: UnaryOp, a: &Expr, ty: &SType) -> GResult<Rv> {
        match op {
            UnaryOp::Plus => self.rvalue(a),
            UnaryOp::Neg => {
                let v = self.rvalue(a)?;
                self.map_columns(v, |g, c| {
                    if g.b.type_of(c).is_float() {
                        g.b.fneg(c)
                    } else {
                        g.b.ineg(c)
                    }
                })
            }
            UnaryOp::Not => {
                let v = self.scalar_rvalue(a)?;
                Ok(Rv::V(self.b.bnot(v)))
            }
            UnaryOp::BitNot => {
                let v = self.scalar_rvalue(a)?;
                Ok(Rv::V(self.b.inot(v)))
            }
            UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                let p = self.place(a)?;
                let old = self.load(&p)?;
                let s = ty.scalar().unwrap_or(Scalar::Float);
                let one = SConst { ty: SType::Scalar(s), comps: vec![Lit::F(1.0).convert(s)] };
                let one = self.constant(&one).ok_or("constant")?;
                let bop = if matches!(op, UnaryOp::PreInc | UnaryOp::PostInc) { BinaryOp::Add } else { BinaryOp::Sub };
                let new = self.arith(bop, old.clone(), ty, one, &SType::Scalar(s), ty)?;
                self.store(p.deref, ty, p.swizzle.as_deref(), new.clone())?;
                Ok(if matches!(op, UnaryOp::PreInc | UnaryOp::PreDec) { new } else { old })
            }
        }
    }

    fn map_columns(&mut self, v: Rv, mut f: impl FnMut(&mut Self, Value) -> Value) -> GResult<Rv> {
        match v {
            Rv::V(v) => Ok(Rv::V(f(self, v))),
            Rv::M(cols) => Ok(Rv::M(cols.into_iter().map(|c| f(self, c)).collect())),
            _ => self.unsupported("arithmetic on aggregates"),
        }
    }

    fn binary(&mut self, op: BinaryOp, a: &Expr, b: &Expr, ty: &SType) -> GResult<Rv> {
        let (at, bt) = (self.ty_of(a), self.ty_of(b));
        match op {
            BinaryOp::LogicalAnd | BinaryOp::LogicalOr => {
                // Short-circuit: the right operand runs only when it decides the result.
                let l = self.scalar_rvalue(a)?;
                let (_, d) = self.temp(&SType::BOOL)?;
                self.b.store_deref(d, l);
                let cond = if op == BinaryOp::LogicalAnd { l } else { self.b.bnot(l) };
                self.b.push_if(cond);
                let r = self.scalar_rvalue(b)?;
                self.b.store_deref(d, r);
                self.b.pop_if();
                Ok(Rv::V(self.b.load_deref(d)))
            }
            BinaryOp::LogicalXor => {
                let l = self.scalar_rvalue(a)?;
                let r = self.scalar_rvalue(b)?;
                Ok(Rv::V(self.b.alu(nir_like::AluOp::Bxor, &[l, r])))
            }
            BinaryOp::Equal | BinaryOp::NotEqual | BinaryOp::Less | BinaryOp::Greater | BinaryOp::LessEq | BinaryOp::GreaterEq => {
                let common = if at.scalar() == bt.scalar() { at.clone() } else { arith_result(BinaryOp::Add, &at, &bt) };
                let l = self.rvalue(a)?;
                let l = self.convert_rv(l, &at, &common.with_scalar(common.scalar().unwrap_or(Scalar::Float)))?;
                let r = self.rvalue(b)?;
                let r = self.convert_rv(r, &bt, &bt.with_scalar(common.scalar().unwrap_or(Scalar::Float)))?;
                let (lc, rc) = match (l, r) {
                    (Rv::V(x), Rv::V(y)) => (vec![x], vec![y]),
                    (Rv::M(x), Rv::M(y)) => (x, y),
                    (Rv::Mem(x), Rv::Mem(y)) if matches!(op, BinaryOp::Equal | BinaryOp::NotEqual) => {
                        let eq = self.equal_in_memory(x, y, &at)?;
                        return Ok(Rv::V(if op == BinaryOp::NotEqual { self.b.bnot(eq) } else { eq }));
                    }
                    _ => return self.unsupported("comparing aggregates"),
                };
                let mut result: Option<Value> = None;
                for (x, y) in lc.into_iter().zip(rc) {
                    let c = self.compare(op, x, y);
                    let c = if self.b.type_of(c).components > 1 {
                        if op == BinaryOp::NotEqual { self.b.bany(c) } else { self.b.ball(c) }
                    } else {
                        c
                    };
                    result = Some(match result {
                        None => c,
                        Some(p) if op == BinaryOp::NotEqual => self.b.bor(p, c),
                        Some(p) => self.b.band(p, c),
                    });
                }
                Ok(Rv::V(result.expect("at least one column")))
            }
            _ => {
                let l = self.rvalue(a)?;
                let r = self.rvalue(b)?;
                self.arith(op, l, &at, r, &bt, ty)
            }
        }
    }

    /// Whether two structs or arrays in memory are equal, member by member: GLSL's `==`
    /// on aggregates.
    fn equal_in_memory(&mut self, x: Value, y: Value, ty: &SType) -> GResult<Value> {
        let parts: Vec<(Value, Value, SType)> = match ty {
            SType::Struct(st) => (0..st.members.len())
                .map(|i| (self.b.deref_struct(x, i as u32), self.b.deref_struct(y, i as u32), st.members[i].1.clone()))
                .collect(),
            SType::Array(e, Some(n)) => (0..*n).map(|i| (self.b.deref_array_imm(x, i), self.b.deref_array_imm(y, i), (**e).clone())).collect(),
            SType::Scalar(_) | SType::Vector(..) | SType::Matrix { .. } => {
                let (l, r) = (self.load(&Place { deref: x, ty: ty.clone(), swizzle: None })?, self.load(&Place { deref: y, ty: ty.clone(), swizzle: None })?);
                let (lc, rc) = match (l, r) {
                    (Rv::V(a), Rv::V(b)) => (vec![a], vec![b]),
                    (Rv::M(a), Rv::M(b)) => (a, b),
                    _ => return self.unsupported("comparing these values"),
                };
                let mut all = self.b.imm_bool(true);
                for (a, b) in lc.into_iter().zip(rc) {
                    let c = self.compare(BinaryOp::Equal, a, b);
                    let c = if self.b.type_of(c).components > 1 { self.b.ball(c) } else { c };
                    all = self.b.band(all, c);
                }
                return Ok(all);
            }
            _ => return self.unsupported("comparing values of this type"),
        };
        let mut all = self.b.imm_bool(true);
        for (a, b, t) in parts {
            let c = self.equal_in_memory(a, b, &t)?;
            all = self.b.band(all, c);
        }
        Ok(all)
    }

    fn compare(&mut self, op: BinaryOp, x: Value, y: Value) -> Value {
        let t = self.b.type_of(x);
        use nir_like::AluOp as A;
        let (opc, swap) = match (t.base, op) {
            (BaseType::Float, BinaryOp::Less) => (A::Flt, false),
            (BaseType::Float, BinaryOp::Greater) => (A::Flt, true),
            (BaseType::Float, BinaryOp::LessEq) => (A::Fge, true),
            (BaseType::Float, BinaryOp::GreaterEq) => (A::Fge, false),
            (BaseType::Float, BinaryOp::Equal) => (A::Feq, false),
            (BaseType::Float, _) => (A::Fneu, false),
            (BaseType::Uint, BinaryOp::Less) => (A::Ult, false),
            (BaseType::Uint, BinaryOp::Greater) => (A::Ult, true),
            (BaseType::Uint, BinaryOp::LessEq) => (A::Uge, true),
            (BaseType::Uint, BinaryOp::GreaterEq) => (A::Uge, false),
            (_, BinaryOp::Less) => (A::Ilt, false),
            (_, BinaryOp::Greater) => (A::Ilt, true),
            (_, BinaryOp::LessEq) => (A::Ige, true),
            (_, BinaryOp::GreaterEq) => (A::Ige, false),
            (BaseType::Bool, BinaryOp::Equal) => {
                let ne = self.b.alu(A::Bxor, &[x, y]);
                return self.b.bnot(ne);
            }
            (BaseType::Bool, _) => return self.b.alu(A::Bxor, &[x, y]),
            (_, BinaryOp::Equal) => (A::Ieq, false),
            (_, _) => (A::Ine, false),
        };
        if swap {
            self.b.alu(opc, &[y, x])
        } else {
            self.b.alu(opc, &[x, y])
        }
    }

    /// Arithmetic with GLSL's conversions, scalar broadcast and matrix products.
    fn arith(&mut self, op: BinaryOp, l: Rv, lt: &SType, r: Rv, rt: &SType, result: &SType) -> GResult<Rv> {
        let s = result.scalar().unwrap_or(Scalar::Float);
        let l = self.convert_rv(l, lt, &lt.with_scalar(s))?;
        let r = self.convert_rv(r, rt, &rt.with_scalar(s))?;
        match (l, r) {
            (Rv::V(x), Rv::V(y)) => {
                let (x, y) = self.broadcast(x, y);
                Ok(Rv::V(self.scalar_op(op, x, y)))
            }
            (Rv::M(m), Rv::V(v)) if op == BinaryOp::Mul && !rt.is_scalar() => {
                // Column combination: m[0]*v.x + m[1]*v.y + ...
                let mut acc: Option<Value> = None;
                for (i, col) in m.iter().enumerate() {
                    let c = self.b.channel(v, i as u8);
                    let c = self.b.splat(c, self.b.type_of(*col).components);
                    let t = self.b.fmul(*col, c);
                    acc = Some(match acc {
                        Some(a) => self.b.fadd(a, t),
                        None => t,
                    });
                }
                Ok(Rv::V(acc.expect("matrix has columns")))
            }
            (Rv::V(v), Rv::M(m)) if op == BinaryOp::Mul && !lt.is_scalar() => {
                let parts: Vec<Value> = m.iter().map(|col| self.b.fdot(v, *col)).collect();
                Ok(Rv::V(self.b.compose(&parts)))
            }
            (Rv::M(a), Rv::M(bm)) if op == BinaryOp::Mul => {
                let mut cols = Vec::new();
                for col in bm {
                    let mut acc: Option<Value> = None;
                    for (i, ac) in a.iter().enumerate() {
                        let c = self.b.channel(col, i as u8);
                        let c = self.b.splat(c, self.b.type_of(*ac).components);
                        let t = self.b.fmul(*ac, c);
                        acc = Some(match acc {
                            Some(x) => self.b.fadd(x, t),
                            None => t,
                        });
                    }
                    cols.push(acc.expect("matrix has columns"));
                }
                Ok(Rv::M(cols))
            }
            (Rv::M(a), Rv::M(bm)) => {
                let cols = a.into_iter().zip(bm).map(|(x, y)| self.scalar_op(op, x, y)).collect();
                Ok(Rv::M(cols))
            }
            (Rv::M(a), Rv::V(y)) => {
                let cols = a.into_iter().map(|x| {
                    let (x, y) = self.broadcast(x, y);
                    self.scalar_op(op, x, y)
                }).collect();
                Ok(Rv::M(cols))
            }
            (Rv::V(x), Rv::M(bm)) => {
                let cols = bm.into_iter().map(|y| {
                    let (x, y) = self.broadcast(x, y);
                    self.scalar_op(op, x, y)
                }).collect();
                Ok(Rv::M(cols))
            }
            _ => self.unsupported("arithmetic on aggregates"),
        }
    }

    fn broadcast(&mut self, x: Value, y: Value) -> (Value, Value) {
        let (nx, ny) = (self.b.type_of(x).components, self.b.type_of(y).components);
        if nx == ny {
            (x, y)
        } else if nx == 1 {
            (self.b.splat(x, ny), y)
        } else {
            (x, self.b.splat(y, nx))
        }
    }

    fn scalar_op(&mut self, op: BinaryOp, x: Value, y: Value) -> Value {
        let t = self.b.type_of(x);
        use nir_like::AluOp as A;
        let opc = match (t.base, op) {
            (BaseType::Float, BinaryOp::Add) => A::Fadd,
            (BaseType::Float, BinaryOp::Sub) => A::Fsub,
            (BaseType::Float, BinaryOp::Mul) => A::Fmul,
            (BaseType::Float, BinaryOp::Div) => A::Fdiv,
            (BaseType::Float, _) => A::Fmod,
            (_, BinaryOp::Add) => A::Iadd,
            (_, BinaryOp::Sub) => A::Isub,
            (_, BinaryOp::Mul) => A::Imul,
            (BaseType::Uint, BinaryOp::Div) => A::Udiv,
            (_, BinaryOp::Div) => A::Idiv,
            (BaseType::Uint, BinaryOp::Mod) => A::Umod,
            (_, BinaryOp::Mod) => A::Irem,
            (_, BinaryOp::BitAnd) => A::Iand,
            (_, BinaryOp::BitOr) => A::Ior,
            (_, BinaryOp::BitXor) => A::Ixor,
            (_, BinaryOp::Shl) => A::Ishl,
            (BaseType::Uint, BinaryOp::Shr) => A::Ushr,
            (_, BinaryOp::Shr) => A::Ishr,
            _ => A::Iadd,
        };
        self.b.alu(opc, &[x, y])
    }

    fn call(&mut self, e: &Expr, callee: &Callee, args: &[Expr], ty: &SType) -> GResult<Rv> {
        match callee {
            Callee::Type(_) => self.construct(args, ty),
            Callee::Method(obj, _) => match self.ty_of(obj) {
                SType::Array(_, Some(n)) => Ok(Rv::V(self.b.imm_i32(n as i32))),
                // A redeclared `gl_in[]` of a geometry shader has the input primitive's size.
                SType::Array(_, None) if matches!(&obj.kind, ExprKind::Ident(n) if n == "gl_in") && self.geometry.is_some() => {
                    let n = self.geometry.as_ref().map_or(1, |g| g.input_vertices);
                    Ok(Rv::V(self.b.imm_i32(n as i32)))
                }
                // An implicitly sized array has the size the linker gave its declaration;
                // a storage block's last member has the buffer's.
                SType::Array(_, None) => match self.place(obj).map(|p| p.ty) {
                    Ok(SType::Array(_, Some(n))) => Ok(Rv::V(self.b.imm_i32(n as i32))),
                    _ => self.runtime_array_length(obj),
                },
                _ => self.unsupported("length() of this type"),
            },
            Callee::Indexed(f) => match self.info.subroutines.calls.get(&e.id).cloned() {
                Some(t) => self.subroutine_call(f, &t, args),
                None => self.unsupported("calls through this expression"),
            },
            Callee::Name(name) => match self.info.calls.get(&e.id).cloned() {
                None if self.info.subroutines.calls.contains_key(&e.id) => {
                    let t = self.info.subroutines.calls[&e.id].clone();
                    let f = Expr { kind: ExprKind::Ident(name.clone()), ..e.clone() };
                    self.subroutine_call(&f, &t, args)
                }
                Some(CallTarget::User(sig)) => self.user_call(name, &sig, args),
                Some(CallTarget::Builtin(sig)) => self.builtin_call(name, &sig, args),
                None => self.unsupported(&format!("the call to `{}'", name)),
            },
        }
    }

    fn user_call(&mut self, name: &str, sig: &crate::sema::builtins::Signature, args: &[Expr]) -> GResult<Rv> {
        let ptypes: Vec<SType> = sig.params.iter().map(|p| p.0.clone()).collect();
        let Some(f) = self.functions.get(name).and_then(|l| l.iter().find(|(t, _)| *t == ptypes)).map(|(_, h)| *h) else {
            return self.unsupported(&format!("calls to the undefined function `{}'", name));
        };
        let mut derefs = Vec::new();
        let mut copies_back = Vec::new();
        for ((pt, dir), a) in sig.params.iter().zip(args) {
            if passed_by_reference(pt) {
                // Samplers and images cannot be copied: the callee reads the caller's.
                derefs.push(self.place(a)?.deref);
                continue;
            }
            let (_, d) = self.temp(pt)?;
            if *dir != crate::sema::builtins::ParamDir::Out {
                let v = self.rvalue(a)?;
                let v = self.convert_rv(v, &self.ty_of(a), pt)?;
                self.store(d, pt, None, v)?;
            }
            if *dir != crate::sema::builtins::ParamDir::In {
                copies_back.push((d, pt.clone(), a));
            }
            derefs.push(d);
        }
        let returned = match self.returned_through_param.get(&f).cloned() {
            Some(t) => {
                let (_, d) = self.temp(&t)?;
                derefs.push(d);
                Some(Place { deref: d, ty: t, swizzle: None })
            }
            None => None,
        };
        let r = self.b.call(f, &derefs);
        for (d, pt, a) in copies_back {
            let v = self.load(&Place { deref: d, ty: pt.clone(), swizzle: None })?;
            let p = self.place(a)?;
            let v = self.convert_rv(v, &pt, &p.ty)?;
            self.store(p.deref, &p.ty, p.swizzle.as_deref(), v)?;
        }
        if let Some(place) = returned {
            return self.load(&place);
        }
        Ok(if sig.ret == SType::Void { Rv::None } else { Rv::V(r) })
    }

    /// Every component of the arguments, in order, converted to `s`.
    fn components(&mut self, args: &[Expr], s: Scalar) -> GResult<Vec<Value>> {
        let mut out = Vec::new();
        let (base, bits) = base_of(s);
        for a in args {
            let v = self.rvalue(a)?;
            let cols = match v {
                Rv::V(v) => vec![v],
                Rv::M(c) => c,
                _ => return self.unsupported("constructing from aggregates"),
            };
            for c in cols {
                let c = self.b.convert(c, base, bits);
                let n = self.b.type_of(c).components;
                if n == 1 {
                    out.push(c);
                } else {
                    for i in 0..n {
                        out.push(self.b.channel(c, i));
                    }
                }
            }
        }
        Ok(out)
    }

    fn construct(&mut self, args: &[Expr], ty: &SType) -> GResult<Rv> {
        match ty {
            SType::Scalar(s) | SType::Vector(s, _) => {
                let n = comps_of(ty);
                let comps = self.components(args, *s)?;
                if comps.len() == 1 && n > 1 {
                    return Ok(Rv::V(self.b.splat(comps[0], n)));
                }
                let take: Vec<Value> = comps.into_iter().take(n as usize).collect();
                Ok(Rv::V(if take.len() == 1 { take[0] } else { self.b.compose(&take) }))
            }
            SType::Matrix { cols, rows, double } => {
                let s = if *double { Scalar::Double } else { Scalar::Float };
                let at = self.ty_of(&args[0]);
                if args.len() == 1 && at.is_scalar() {
                    let d = self.components(args, s)?[0];
                    let zero = self.b.imm_splat(scalar_vt(s, 1), 0.0);
                    let columns = (0..*cols).map(|c| {
                        let parts: Vec<Value> = (0..*rows).map(|r| if r == c { d } else { zero }).collect();
                        self.b.compose(&parts)
                    }).collect();
                    return Ok(Rv::M(columns));
                }
                if args.len() == 1 && at.is_matrix() {
                    let Rv::M(src) = self.rvalue(&args[0])? else { return self.unsupported("this matrix constructor") };
                    // mat3(dmat3) and dmat3(mat3) convert every element.
                    let (base, bits) = base_of(s);
                    let src: Vec<Value> = src.into_iter().map(|c| self.b.convert(c, base, bits)).collect();
                    let (scols, srows) = match at { SType::Matrix { cols, rows, .. } => (cols, rows), _ => (0, 0) };
                    let one = self.b.imm_splat(scalar_vt(s, 1), 1.0);
                    let zero = self.b.imm_splat(scalar_vt(s, 1), 0.0);
                    let columns = (0..*cols).map(|c| {
                        let parts: Vec<Value> = (0..*rows).map(|r| {
                            if c < scols && r < srows { self.b.channel(src[c as usize], r) } else if r == c { one } else { zero }
                        }).collect();
                        self.b.compose(&parts)
                    }).collect();
                    return Ok(Rv::M(columns));
                }
                let comps = self.components(args, s)?;
                let columns = (0..*cols as usize).map(|c| self.b.compose(&comps[c * *rows as usize..(c + 1) * *rows as usize])).collect();
                Ok(Rv::M(columns))
            }
            SType::Struct(st) => {
                let (_, d) = self.temp(ty)?;
                for (i, ((_, mt), a)) in st.members.iter().zip(args).enumerate() {
                    let v = self.rvalue(a)?;
                    let v = self.convert_rv(v, &self.ty_of(a), mt)?;
                    let md = self.b.deref_struct(d, i as u32);
                    self.store(md, mt, None, v)?;
                }
                Ok(Rv::Mem(d))
            }
            SType::Array(e, _) => {
                let (_, d) = self.temp(ty)?;
                for (i, a) in args.iter().enumerate() {
                    let v = self.rvalue(a)?;
                    let v = self.convert_rv(v, &self.ty_of(a), e)?;
                    let ed = self.b.deref_array_imm(d, i as u32);
                    self.store(ed, e, None, v)?;
                }
                Ok(Rv::Mem(d))
            }
            _ => self.unsupported("this constructor"),
        }
    }
}

/// The locations the members of an input or output block (or array of them) name.
fn member_locations(t: &SType) -> Vec<Option<u32>> {
    match t {
        SType::Array(e, _) => member_locations(e),
        SType::Block(st) | SType::Struct(st) => st.member_layouts.iter().map(|l| l.location).collect(),
        _ => Vec::new(),
    }
}

/// `layout(component = N)` (ARB_enhanced_layouts): where in its location a varying starts.
fn explicit_component(q: &TypeQualifier) -> Option<u32> {
    crate::link::explicit_int(q, "component").filter(|c| (0..4).contains(c)).map(|c| c as u32)
}

fn interpolation(q: &TypeQualifier) -> nir_like::Interpolation {
    match q.items.iter().find_map(|(i, _)| if let QualItem::Interpolation(x) = i { Some(*x) } else { None }) {
        Some(crate::ast::Interpolation::Flat) => nir_like::Interpolation::Flat,
        Some(crate::ast::Interpolation::NoPerspective) => nir_like::Interpolation::NoPerspective,
        _ => nir_like::Interpolation::Smooth,
    }
}

fn swizzle_indices(name: &str) -> Vec<u8> {
    name.chars()
        .map(|c| match c {
            'x' | 'r' | 's' => 0,
            'y' | 'g' | 't' => 1,
            'z' | 'b' | 'p' => 2,
            _ => 3,
        })
        .collect()
}

/// The type of `l op r` (the checker has accepted it).
fn arith_result(op: BinaryOp, l: &SType, r: &SType) -> SType {
    let s = match (l.scalar(), r.scalar()) {
        (Some(a), Some(b)) if a == b => a,
        (Some(Scalar::Double), _) | (_, Some(Scalar::Double)) => Scalar::Double,
        (Some(Scalar::Float), _) | (_, Some(Scalar::Float)) => Scalar::Float,
        (Some(Scalar::Uint), _) | (_, Some(Scalar::Uint)) => Scalar::Uint,
        (Some(a), _) => a,
        _ => Scalar::Float,
    };
    // A shift has the type of its left operand (widened to a vector shift count).
    if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
        return match (l, r) {
            (SType::Scalar(ls), SType::Vector(_, n)) => SType::Vector(*ls, *n),
            _ => l.clone(),
        };
    }
    match (l, r) {
        (SType::Scalar(_), t) => t.with_scalar(s),
        (t, _) => t.with_scalar(s),
    }
}

/// Sampler and image parameters (and arrays of them) point at the argument itself:
/// opaque values live only in their uniform variables.
fn passed_by_reference(t: &SType) -> bool {
    match t {
        SType::Opaque(name) => !name.contains("atomic"),
        SType::Array(e, _) => passed_by_reference(e),
        _ => false,
    }
}

/// A function's parameters; `f(void)` has none.
fn declared_params(proto: &FunctionProto) -> &[crate::ast::Param] {
    match proto.params.as_slice() {
        [p] if p.name.is_none() && p.array.is_empty() && p.ty.array.is_empty() && matches!(&p.ty.base, TypeBase::Named(n) if n == "void") => &[],
        params => params,
    }
}

/// How a function hands back its value.
enum ReturnKind {
    /// As the call's value (`None` for void).
    Value(Option<ValueType>),
    /// Stored through a last, hidden parameter: matrices, arrays and structs.
    ThroughParam(SType),
}
