//! GL's fixed-function vertex processing as nir_like IR, built from the state key: the
//! position through the modelview and projection matrices, lighting (every enabled light,
//! local or infinite viewer, spot lights, attenuation, colour material, two-sided, separate
//! specular), texture-coordinate generation and the texture matrices, the fog
//! coordinate, and the eye-space position for user clip planes.
//!
//! Outputs sit at the compatibility varying locations the caller chose: those of the key's
//! own fragment stage (`varyings`), or the deterministic ones beside an ARB program.

use glsl::link_compat_varyings::{CompatVarying, CompatVaryingLocations};
use nir_like::{Builtin, Interpolation, Shader, Stage, Value, ValueType, VariableMode};

use super::ir::Gen;
use super::key::{FixedFunctionKey, LightingKey, TEXTURE_UNITS};
use super::uniforms::{offsets, uniforms_of};
use crate::types::enums::*;

/// Input locations of the conventional attributes.
const VERTEX: u32 = 16;
const NORMAL: u32 = 17;
const COLOR: u32 = 18;
const SECONDARY_COLOR: u32 = 19;
const FOG_COORD: u32 = 20;
const MULTI_TEX_COORD0: u32 = 21;

/// The interpolation of the colour varyings under glShadeModel.
pub fn color_interpolation(key: &FixedFunctionKey) -> Interpolation {
    if key.flat {
        Interpolation::Flat
    } else {
        Interpolation::Smooth
    }
}

/// Values every lighting computation of a vertex shares.
struct Vertex {
    /// Eye-space position divided by w.
    eye: Value,
    /// Eye-space normal (unit length when GL_NORMALIZE asks).
    normal: Value,
    color: Value,
}

/// Writes `value` to the compatibility varying `v` where `locations` has a place for it.
fn write_varying(g: &mut Gen, locations: &CompatVaryingLocations, v: CompatVarying, interpolation: Interpolation, value: Value) {
    if let Some(location) = locations.location(v) {
        g.output(v.producer_name(), location, interpolation, value);
    }
}

/// The vertex stage of `key`, writing the varyings `locations` places.
pub fn build(key: &FixedFunctionKey, locations: &CompatVaryingLocations) -> Shader {
    let mut shader = Shader::new(Stage::Vertex);
    let uniforms = uniforms_of(key);
    let (offsets, _) = offsets(&uniforms);
    let mut g = Gen::new(&mut shader, &uniforms, &offsets);
    let smooth = Interpolation::Smooth;
    let vertex = g.input("gl_Vertex", VERTEX, smooth);
    let color = g.input("gl_Color", COLOR, smooth);

    // A pixel rectangle's corners arrive in clip space.
    let pixels = key.pixel_rectangle.is_some();
    let position = if pixels { vertex } else { g.mat_mul("gl_ModelViewProjectionMatrix", 0, 4, vertex) };
    let vec4_ty = g.b.value_type_handle(ValueType::VEC4);
    let pos_var = g.b.builtin("gl_Position", vec4_ty, VariableMode::ShaderOut, Builtin::Position);
    g.b.store_var(pos_var, position);

    let eye4 = g.mat_mul("gl_ModelViewMatrix", 0, 4, vertex);
    if key.user_clip_planes {
        write_clip_vertex(&mut g, eye4);
    }
    // Vulkan takes the size of a point from the shader.
    let size = point_size(&mut g, key, eye4);
    let float_ty = g.b.value_type_handle(ValueType::F32);
    let size_var = g.b.builtin("gl_PointSize", float_ty, VariableMode::ShaderOut, Builtin::PointSize);
    g.b.store_var(size_var, size);
    let needs_normal = key.lighting.is_some() || key.texgen.iter().flatten().any(|m| matches!(m, Some(GL_SPHERE_MAP | GL_NORMAL_MAP | GL_REFLECTION_MAP)));
    let normal = if needs_normal {
        let n4 = g.input("gl_Normal", NORMAL, smooth);
        let n = g.xyz(n4);
        let n = g.mat_mul("gl_NormalMatrix", 0, 3, n);
        if key.normalize {
            g.normalize(n)
        } else {
            n
        }
    } else {
        g.vec3([0.0, 0.0, 1.0])
    };
    let w = g.w(eye4);
    let eye3 = g.xyz(eye4);
    let eye = {
        let w3 = g.b.splat(w, 3);
        g.div(eye3, w3)
    };
    let v = Vertex { eye, normal, color };

    let interpolation = color_interpolation(key);
    match &key.lighting {
        Some(l) => {
            let (front, front_spec) = light_face(&mut g, l, &v, 0);
            write_varying(&mut g, locations, CompatVarying::Color, interpolation, front);
            write_varying(&mut g, locations, CompatVarying::SecondaryColor, interpolation, front_spec);
            if l.two_side {
                let (back, back_spec) = light_face(&mut g, l, &v, 1);
                write_varying(&mut g, locations, CompatVarying::BackColor, interpolation, back);
                write_varying(&mut g, locations, CompatVarying::BackSecondaryColor, interpolation, back_spec);
            }
        }
        None => {
            write_varying(&mut g, locations, CompatVarying::Color, interpolation, color);
            let secondary = g.input("gl_SecondaryColor", SECONDARY_COLOR, smooth);
            write_varying(&mut g, locations, CompatVarying::SecondaryColor, interpolation, secondary);
        }
    }

    let fog = match key.fog {
        Some(f) if f.from_coord => {
            let c = g.input("gl_FogCoord", FOG_COORD, smooth);
            g.x(c)
        }
        _ => {
            let z = g.b.channel(eye4, 2);
            g.b.alu(nir_like::AluOp::Fabs, &[z])
        }
    };
    let zero = g.f(0.0);
    let fog4 = g.b.compose(&[fog, zero, zero, zero]);
    write_varying(&mut g, locations, CompatVarying::FogFragCoord, Interpolation::Smooth, fog4);

    for unit in 0..TEXTURE_UNITS {
        let Some(location) = locations.tex_coord(unit as u32).filter(|_| key.textures[unit].is_some()) else { continue };
        let tc = g.input(&format!("gl_MultiTexCoord{unit}"), MULTI_TEX_COORD0 + unit as u32, smooth);
        let tc = if pixels {
            tc
        } else {
            let tc = texgen(&mut g, key, unit, tc, vertex, eye4, &v);
            g.mat_mul("gl_TextureMatrix", unit as u32 * 4, 4, tc)
        };
        g.output(&format!("gl_TexCoord{unit}"), location, Interpolation::Smooth, tc);
    }
    drop(g);
    shader
}

/// Stores the eye-space position as gl_ClipVertex: GL compares it with the eye-space
/// planes of glClipPlane (`lower_user_clip_planes` turns it into clip distances).
pub fn write_clip_vertex(g: &mut Gen, eye4: Value) {
    let vec4_ty = g.b.value_type_handle(ValueType::VEC4);
    let var = g.b.builtin("gl_ClipVertex", vec4_ty, VariableMode::ShaderOut, Builtin::ClipVertex);
    g.b.store_var(var, eye4);
}

/// k0 + k1 d + k2 d^2 with the coefficients in the x, y and z of `k`: GL's distance
/// attenuation of lights and of point sizes.
fn distance_polynomial(g: &mut Gen, k: Value, d: Value, d2: Value) -> Value {
    let k0 = g.x(k);
    let k1 = g.b.channel(k, 1);
    let k2 = g.b.channel(k, 2);
    let k1d = g.mul(k1, d);
    let k2d2 = g.mul(k2, d2);
    let sum = g.add(k0, k1d);
    g.add(sum, k2d2)
}

/// glPointSize divided by sqrt(a + b d + c d^2) of GL_POINT_DISTANCE_ATTENUATION, where d
/// is the eye-space distance along z, then clamped to [GL_POINT_SIZE_MIN, GL_POINT_SIZE_MAX].
fn point_size(g: &mut Gen, key: &FixedFunctionKey, eye4: Value) -> Value {
    let params = g.uniform("galvan_PointSize", 0);
    let size = g.x(params);
    let size = if key.point_attenuation {
        let coefficients = g.uniform("galvan_PointSize", 1);
        let z = g.b.channel(eye4, 2);
        let d = g.b.alu(nir_like::AluOp::Fabs, &[z]);
        let d2 = g.mul(d, d);
        let denom = distance_polynomial(g, coefficients, d, d2);
        let root = g.b.alu(nir_like::AluOp::Fsqrt, &[denom]);
        g.div(size, root)
    } else {
        size
    };
    let min = g.b.channel(params, 1);
    let max = g.b.channel(params, 2);
    let size = g.max(size, min);
    g.b.alu(nir_like::AluOp::Fmin, &[size, max])
}

/// Texture coordinates of `unit` with glTexGen's generated components in place.
fn texgen(g: &mut Gen, key: &FixedFunctionKey, unit: usize, tc: Value, vertex: Value, eye4: Value, v: &Vertex) -> Value {
    let modes = key.texgen[unit];
    if modes.iter().all(Option::is_none) {
        return tc;
    }
    let name = format!("galvan_TexGen{unit}");
    // Sphere and reflection maps share the reflected eye vector.
    let u = g.normalize(v.eye);
    let ndotu = g.dot(v.normal, u);
    let two = g.f(2.0);
    let k = g.mul(two, ndotu);
    let kn = g.scale(v.normal, k);
    let r = g.sub(u, kn);
    let mut components: Vec<Value> = (0..4).map(|c| g.b.channel(tc, c)).collect();
    for (c, mode) in modes.iter().enumerate() {
        let Some(mode) = mode else { continue };
        components[c] = match *mode {
            GL_OBJECT_LINEAR => {
                let plane = g.uniform(&name, c as u32);
                g.dot(plane, vertex)
            }
            GL_EYE_LINEAR => {
                let plane = g.uniform(&name, 4 + c as u32);
                g.dot(plane, eye4)
            }
            GL_SPHERE_MAP => {
                // m = 2 sqrt(rx^2 + ry^2 + (rz + 1)^2); s, t = r.xy / m + 1/2.
                let one = g.vec3([0.0, 0.0, 1.0]);
                let r1 = g.add(r, one);
                let len2 = g.dot(r1, r1);
                let len = g.b.alu(nir_like::AluOp::Fsqrt, &[len2]);
                let m = g.mul(two, len);
                let rc = g.b.channel(r, c as u8);
                let q = g.div(rc, m);
                let half = g.f(0.5);
                g.add(q, half)
            }
            GL_REFLECTION_MAP => g.b.channel(r, c as u8),
            _ => g.b.channel(v.normal, c as u8),
        };
    }
    g.b.compose(&components)
}

/// The lit primary and secondary colours of one face (0 front, 1 back).
fn light_face(g: &mut Gen, l: &LightingKey, v: &Vertex, face: u32) -> (Value, Value) {
    let material = format!("galvan_Material{face}");
    let normal = if face == 1 { g.b.alu(nir_like::AluOp::Fneg, &[v.normal]) } else { v.normal };
    // Colour material replaces the tracked components by the vertex colour.
    let tracked = |mode: u32| -> bool {
        l.color_material.is_some_and(|(cm_face, cm_mode)| {
            let face_ok = cm_face == GL_FRONT_AND_BACK || (cm_face == GL_FRONT) == (face == 0);
            face_ok && (cm_mode == mode || (cm_mode == GL_AMBIENT_AND_DIFFUSE && (mode == GL_AMBIENT || mode == GL_DIFFUSE)))
        })
    };
    let component = |g: &mut Gen, mode: u32, index: u32| if tracked(mode) { v.color } else { g.uniform(&material, index) };
    let emission = component(g, GL_EMISSION, 0);
    let ambient = component(g, GL_AMBIENT, 1);
    let diffuse = component(g, GL_DIFFUSE, 2);
    let specular = component(g, GL_SPECULAR, 3);
    let shininess = {
        let s = g.uniform(&material, 4);
        g.x(s)
    };
    let model_ambient = g.uniform("galvan_LightModelAmbient", 0);
    let ambient3 = g.xyz(ambient);
    let diffuse3 = g.xyz(diffuse);
    let specular3 = g.xyz(specular);
    let e = g.xyz(emission);
    let ma = g.xyz(model_ambient);
    let am = g.mul(ambient3, ma);
    let mut sum = g.add(e, am);
    let mut spec_sum = g.vec3([0.0; 3]);
    let zero = g.f(0.0);
    let one = g.f(1.0);
    for i in 0..8u32 {
        if l.lights & (1 << i) == 0 {
            continue;
        }
        let light = format!("galvan_Light{i}");
        let l_ambient = g.uniform(&light, 0);
        let l_diffuse = g.uniform(&light, 1);
        let l_specular = g.uniform(&light, 2);
        let position = g.uniform(&light, 3);
        let spot = g.uniform(&light, 4);
        let attenuation = g.uniform(&light, 5);
        // Direction to the light: its position for a directional light (w = 0).
        let pw = g.w(position);
        let directional = g.eq(pw, zero);
        let safe_w = g.select(directional, one, pw);
        let p3 = g.xyz(position);
        let sw3 = g.b.splat(safe_w, 3);
        let p_local = g.div(p3, sw3);
        let to_light_local = g.sub(p_local, v.eye);
        let to_light = g.select(directional, p3, to_light_local);
        let dist2 = g.dot(to_light_local, to_light_local);
        let dist = g.b.alu(nir_like::AluOp::Fsqrt, &[dist2]);
        let vp = g.normalize(to_light);
        // Attenuation 1 / (k0 + k1 d + k2 d^2), local lights only.
        let denom = distance_polynomial(g, attenuation, dist, dist2);
        let att_local = g.div(one, denom);
        let att = g.select(directional, one, att_local);
        // Spot: (max(-vp . s, 0))^exponent inside the cone, 0 outside.
        let s_dir = g.xyz(spot);
        let cos_cutoff = g.w(spot);
        let neg_vp = g.b.alu(nir_like::AluOp::Fneg, &[vp]);
        let sd = g.dot(neg_vp, s_dir);
        let exponent = g.w(attenuation);
        let sdp = g.max(sd, zero);
        let spot_pow = g.pow(sdp, exponent);
        let inside = g.ge(sd, cos_cutoff);
        let spot_factor = g.select(inside, spot_pow, zero);
        let marker = g_neg_one(g);
        let no_spot = g.lt(cos_cutoff, marker);
        let spot_factor = g.select(no_spot, one, spot_factor);
        let factor = g.mul(att, spot_factor);
        // Ambient and diffuse.
        let ndotl = g.dot(normal, vp);
        let ndotl = g.max(ndotl, zero);
        let la = g.xyz(l_ambient);
        let ld = g.xyz(l_diffuse);
        let a_term = g.mul(la, ambient3);
        let d_term = g.mul(ld, diffuse3);
        let d_term = g.scale(d_term, ndotl);
        let term = g.add(a_term, d_term);
        let term = g.scale(term, factor);
        sum = g.add(sum, term);
        // Specular with the half vector; the infinite viewer looks down -z.
        let viewer = if l.local_viewer {
            let e = g.normalize(v.eye);
            g.b.alu(nir_like::AluOp::Fneg, &[e])
        } else {
            g.vec3([0.0, 0.0, 1.0])
        };
        let h = g.add(vp, viewer);
        let h = g.normalize(h);
        let ndoth = g.dot(normal, h);
        let ndoth = g.max(ndoth, zero);
        let spec = g.pow(ndoth, shininess);
        let lit = g.lt(zero, ndotl);
        let spec = g.select(lit, spec, zero);
        let ls = g.xyz(l_specular);
        let s_term = g.mul(ls, specular3);
        let s_term = g.scale(s_term, spec);
        let s_term = g.scale(s_term, factor);
        spec_sum = g.add(spec_sum, s_term);
    }
    let alpha = g.w(diffuse);
    let (primary, secondary) = if l.separate_specular {
        (sum, spec_sum)
    } else {
        let total = g.add(sum, spec_sum);
        (total, g.vec3([0.0; 3]))
    };
    let primary = g.rgb_a(primary, alpha);
    let primary = g.sat(primary);
    let secondary = g.rgb_a(secondary, zero);
    let secondary = g.sat(secondary);
    (primary, secondary)
}

/// -1.5: below every cosine, above the "no spot" marker -2.
fn g_neg_one(g: &mut Gen) -> Value {
    g.f(-1.5)
}
