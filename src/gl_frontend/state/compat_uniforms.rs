//! Values of the compatibility profile's built-in state uniforms that GLSL programs read
//! (gl_LightSource[], gl_FrontMaterial, gl_LightModel, the light products, gl_Fog,
//! gl_ClipPlane[], gl_Point, gl_TextureEnvColor[], gl_EyePlane*/gl_ObjectPlane*), from the
//! fixed-function state. The linker names each leaf it placed (`gl_LightSource[2].diffuse`,
//! `gl_ClipPlane[0]` for a whole array); the draw path asks here for its floats.

use crate::context::ContextState;
use crate::state::lighting::{Light, Material};

/// Components of `a` times `b`.
fn product(a: [f32; 4], b: [f32; 4]) -> [f32; 4] {
    std::array::from_fn(|i| a[i] * b[i])
}

/// A light's member of gl_LightSourceParameters.
fn light_member(l: &Light, member: &str) -> Option<Vec<f32>> {
    Some(match member {
        "ambient" => l.ambient.to_vec(),
        "diffuse" => l.diffuse.to_vec(),
        "specular" => l.specular.to_vec(),
        "position" => l.position.to_vec(),
        // The half vector of an infinite viewer: the light direction plus (0, 0, 1),
        // normalised.
        "halfVector" => {
            let p = l.position;
            let len = (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt();
            let d = if len > 0.0 { [p[0] / len, p[1] / len, p[2] / len] } else { [0.0; 3] };
            let h = [d[0], d[1], d[2] + 1.0];
            let hl = (h[0] * h[0] + h[1] * h[1] + h[2] * h[2]).sqrt();
            if hl > 0.0 {
                vec![h[0] / hl, h[1] / hl, h[2] / hl, 0.0]
            } else {
                vec![0.0, 0.0, 0.0, 0.0]
            }
        }
        "spotDirection" => l.spot_direction.to_vec(),
        "spotExponent" => vec![l.spot_exponent],
        "spotCutoff" => vec![l.spot_cutoff],
        "spotCosCutoff" => vec![l.spot_cutoff.to_radians().cos()],
        "constantAttenuation" => vec![l.attenuation[0]],
        "linearAttenuation" => vec![l.attenuation[1]],
        "quadraticAttenuation" => vec![l.attenuation[2]],
        _ => return None,
    })
}

fn material_member(m: &Material, member: &str) -> Option<Vec<f32>> {
    Some(match member {
        "emission" => m.emission.to_vec(),
        "ambient" => m.ambient.to_vec(),
        "diffuse" => m.diffuse.to_vec(),
        "specular" => m.specular.to_vec(),
        "shininess" => vec![m.shininess],
        _ => return None,
    })
}

/// Splits `base[index].member` into its parts.
fn split_name(name: &str) -> (&str, Option<usize>, Option<&str>) {
    let (head, member) = match name.split_once('.') {
        Some((h, m)) => (h, Some(m)),
        None => (name, None),
    };
    match head.split_once('[') {
        Some((base, rest)) => (base, rest.trim_end_matches(']').parse().ok(), member),
        None => (head, None, member),
    }
}

impl ContextState {
    /// The floats of state-uniform leaf `name`, as the linker named it; `None` for a name
    /// that is not one. A whole array of vec4s comes as one run of floats.
    pub(crate) fn compat_state_uniform(&self, name: &str) -> Option<Vec<f32>> {
        let s = &self.state;
        let (base, index, member) = split_name(name);
        let l = &s.lighting;
        let face = |b: &str| if b.starts_with("gl_Back") { 1 } else { 0 };
        match (base, member) {
            ("gl_ClipPlane", None) => Some(s.clip_planes.eye.iter().flatten().map(|v| *v as f32).collect()),
            ("gl_Point", Some(m)) => Some(vec![match m {
                "size" => s.raster.point_size,
                "sizeMin" => s.points.size_min,
                "sizeMax" => s.points.size_max,
                "fadeThresholdSize" => s.points.fade_threshold,
                "distanceConstantAttenuation" => s.points.attenuation[0],
                "distanceLinearAttenuation" => s.points.attenuation[1],
                "distanceQuadraticAttenuation" => s.points.attenuation[2],
                _ => 0.0,
            }]),
            ("gl_FrontMaterial" | "gl_BackMaterial", Some(m)) => material_member(l.materials.get(face(base))?, m),
            ("gl_LightSource", Some(m)) => light_member(l.lights.get(index?)?, m),
            ("gl_LightModel", Some("ambient")) => Some(l.model_ambient.to_vec()),
            ("gl_FrontLightModelProduct" | "gl_BackLightModelProduct", Some("sceneColor")) => {
                let mat = l.materials.get(face(base))?;
                let a = product(l.model_ambient, mat.ambient);
                Some(vec![mat.emission[0] + a[0], mat.emission[1] + a[1], mat.emission[2] + a[2], mat.diffuse[3]])
            }
            ("gl_FrontLightProduct" | "gl_BackLightProduct", Some(m)) => {
                let mat = l.materials.get(face(base))?;
                let light = l.lights.get(index?)?;
                Some(
                    match m {
                        "ambient" => product(mat.ambient, light.ambient),
                        "diffuse" => product(mat.diffuse, light.diffuse),
                        "specular" => product(mat.specular, light.specular),
                        _ => return None,
                    }
                    .to_vec(),
                )
            }
            ("gl_TextureEnvColor", None) => {
                Some((0..8).flat_map(|u| s.texture_env.units.get(u).map_or([0.0; 4], |e| e.color)).collect())
            }
            (plane, None) if plane.starts_with("gl_EyePlane") || plane.starts_with("gl_ObjectPlane") => {
                let coord = "STRQ".find(plane.chars().last()?)?;
                let eye = plane.starts_with("gl_EyePlane");
                Some(
                    (0..8)
                        .flat_map(|u| s.texgen.units.get(u).map_or([0.0; 4], |g| if eye { g[coord].eye_plane } else { g[coord].object_plane }))
                        .collect(),
                )
            }
            ("gl_Fog", Some(m)) => {
                let f = &s.fog;
                Some(match m {
                    "color" => f.color.to_vec(),
                    "density" => vec![f.density],
                    "start" => vec![f.start],
                    "end" => vec![f.end],
                    "scale" => vec![if f.end != f.start { 1.0 / (f.end - f.start) } else { 0.0 }],
                    _ => return None,
                })
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_split_into_base_index_and_member() {
        assert_eq!(split_name("gl_LightSource[3].diffuse"), ("gl_LightSource", Some(3), Some("diffuse")));
        assert_eq!(split_name("gl_ClipPlane[0]"), ("gl_ClipPlane", Some(0), None));
        assert_eq!(split_name("gl_Fog.scale"), ("gl_Fog", None, Some("scale")));
    }

    #[test]
    fn half_vector_of_the_default_light_is_z() {
        let light = crate::state::lighting::LightingState::default().lights[0];
        assert_eq!(light_member(&light, "halfVector").unwrap(), vec![0.0, 0.0, 1.0, 0.0]);
    }
}
