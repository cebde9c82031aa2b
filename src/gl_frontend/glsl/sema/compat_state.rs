//! The compatibility profile's built-in state uniforms beyond the matrices: clip planes,
//! point parameters, materials, lights, light products, texture environment colours,
//! texture-generation planes and fog (GLSL 1.10, section 7.5). Their struct types are
//! declared here; the linker places the uniforms a program uses in its default block and
//! the GL front end fills them from fixed-function state.

use std::sync::Arc;

use super::types::{StructType, Type};

/// The built-in struct types, with members in the order GLSL declares them.
const STRUCTS: &[(&str, &[(&str, &str)])] = &[
    (
        "gl_PointParameters",
        &[
            ("size", "float"),
            ("sizeMin", "float"),
            ("sizeMax", "float"),
            ("fadeThresholdSize", "float"),
            ("distanceConstantAttenuation", "float"),
            ("distanceLinearAttenuation", "float"),
            ("distanceQuadraticAttenuation", "float"),
        ],
    ),
    ("gl_MaterialParameters", &[("emission", "vec4"), ("ambient", "vec4"), ("diffuse", "vec4"), ("specular", "vec4"), ("shininess", "float")]),
    (
        "gl_LightSourceParameters",
        &[
            ("ambient", "vec4"),
            ("diffuse", "vec4"),
            ("specular", "vec4"),
            ("position", "vec4"),
            ("halfVector", "vec4"),
            ("spotDirection", "vec3"),
            ("spotExponent", "float"),
            ("spotCutoff", "float"),
            ("spotCosCutoff", "float"),
            ("constantAttenuation", "float"),
            ("linearAttenuation", "float"),
            ("quadraticAttenuation", "float"),
        ],
    ),
    ("gl_LightModelParameters", &[("ambient", "vec4")]),
    ("gl_LightModelProducts", &[("sceneColor", "vec4")]),
    ("gl_LightProducts", &[("ambient", "vec4"), ("diffuse", "vec4"), ("specular", "vec4")]),
    ("gl_FogParameters", &[("color", "vec4"), ("density", "float"), ("start", "float"), ("end", "float"), ("scale", "float")]),
];

/// The state uniforms and their types, arrays sized by the implementation's limits
/// (8 lights, clip planes, texture units and coordinate sets).
pub const STATE_UNIFORMS: &[(&str, &str)] = &[
    ("gl_ClipPlane", "vec4[8]"),
    ("gl_Point", "gl_PointParameters"),
    ("gl_FrontMaterial", "gl_MaterialParameters"),
    ("gl_BackMaterial", "gl_MaterialParameters"),
    ("gl_LightSource", "gl_LightSourceParameters[8]"),
    ("gl_LightModel", "gl_LightModelParameters"),
    ("gl_FrontLightModelProduct", "gl_LightModelProducts"),
    ("gl_BackLightModelProduct", "gl_LightModelProducts"),
    ("gl_FrontLightProduct", "gl_LightProducts[8]"),
    ("gl_BackLightProduct", "gl_LightProducts[8]"),
    ("gl_TextureEnvColor", "vec4[8]"),
    ("gl_EyePlaneS", "vec4[8]"),
    ("gl_EyePlaneT", "vec4[8]"),
    ("gl_EyePlaneR", "vec4[8]"),
    ("gl_EyePlaneQ", "vec4[8]"),
    ("gl_ObjectPlaneS", "vec4[8]"),
    ("gl_ObjectPlaneT", "vec4[8]"),
    ("gl_ObjectPlaneR", "vec4[8]"),
    ("gl_ObjectPlaneQ", "vec4[8]"),
    ("gl_Fog", "gl_FogParameters"),
];

/// The built-in struct type `name` (gl_LightSourceParameters, ...).
pub fn struct_type(name: &str) -> Option<Arc<StructType>> {
    let (index, (_, members)) = STRUCTS.iter().enumerate().find(|(_, (n, _))| *n == name)?;
    let members = members.iter().map(|(m, t)| (m.to_string(), Type::from_builtin_name(t).expect("valid member type"))).collect();
    // Ids no user struct takes, one per type (gl_DepthRangeParameters has u32::MAX).
    Some(Arc::new(StructType::new(name, members, u32::MAX - 1 - index as u32)))
}

/// The names of the built-in struct types.
pub fn struct_names() -> impl Iterator<Item = &'static str> {
    STRUCTS.iter().map(|(n, _)| *n)
}

/// A type as the tables write it: a scalar, vector or built-in struct, maybe `[N]`.
pub fn parse_type(text: &str) -> Option<Type> {
    let (base, size) = match text.split_once('[') {
        Some((b, n)) => (b, Some(n.trim_end_matches(']').parse::<u32>().ok()?)),
        None => (text, None),
    };
    let base = struct_type(base).map(Type::Struct).or_else(|| Type::from_builtin_name(base))?;
    Some(match size {
        Some(n) => Type::Array(Box::new(base), Some(n)),
        None => base,
    })
}

/// The type of state uniform `name`, if it is one.
pub fn uniform_type(name: &str) -> Option<Type> {
    STATE_UNIFORMS.iter().find(|(n, _)| *n == name).and_then(|(_, t)| parse_type(t))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_state_uniform_has_a_type() {
        for (name, _) in STATE_UNIFORMS {
            assert!(uniform_type(name).is_some(), "{name}");
        }
        let Some(Type::Array(light, Some(8))) = uniform_type("gl_LightSource") else { panic!("gl_LightSource") };
        let Type::Struct(s) = *light else { panic!("struct") };
        assert_eq!(s.members[5], ("spotDirection".to_string(), Type::from_builtin_name("vec3").unwrap()));
    }
}
