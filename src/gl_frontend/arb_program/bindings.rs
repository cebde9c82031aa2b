//! The names programs bind GL state through: `vertex.*` and `fragment.*` attributes,
//! `result.*` outputs, `state.*` items and `program.env/local[]` parameters.

use super::ast::*;
use super::parser::Parser;

/// `[n]` after a binding name when present, else `default`, checked against `limit`.
fn optional_index(p: &mut Parser, default: u32, limit: u32, what: &str) -> Result<u32, super::ParseError> {
    if p.peek_punct('[') {
        p.index(limit, what)
    } else {
        Ok(default)
    }
}

impl Parser<'_> {
    /// `.primary` / `.secondary` after a colour name: 0 or 1.
    fn color_kind(&mut self) -> u32 {
        if self.peek_dot_word(&["primary", "secondary"]).is_some() {
            let word = self.dot_word();
            return (word == "secondary") as u32;
        }
        0
    }

    /// The attribute after `vertex.` or `fragment.` (the leading word already read).
    pub(crate) fn attrib_binding(&mut self, vertex: bool) -> Result<Input, super::ParseError> {
        self.expect_punct('.')?;
        let name = self.ident()?;
        let l = self.limits;
        if vertex {
            let input = match name.as_str() {
                "position" => VertexInput::Position,
                "weight" => VertexInput::Weight(optional_index(self, 0, 1, "vertex weight")?),
                "normal" => VertexInput::Normal,
                "color" => VertexInput::Color(self.color_kind()),
                "fogcoord" => VertexInput::FogCoord,
                "texcoord" => VertexInput::TexCoord(optional_index(self, 0, l.texture_coords, "texture coordinate set")?),
                "matrixindex" => VertexInput::MatrixIndex(optional_index(self, 0, 1, "matrix index")?),
                "attrib" => VertexInput::Generic(self.index(l.vertex_attribs, "vertex attribute")?),
                _ => return Err(self.error_before(format!("unknown vertex attribute `vertex.{name}`"))),
            };
            return Ok(Input::Vertex(input));
        }
        let input = match name.as_str() {
            "color" => FragmentInput::Color(self.color_kind()),
            "texcoord" => FragmentInput::TexCoord(optional_index(self, 0, l.texture_coords, "texture coordinate set")?),
            "fogcoord" => FragmentInput::FogCoord,
            "position" => FragmentInput::Position,
            _ => return Err(self.error_before(format!("unknown fragment attribute `fragment.{name}`"))),
        };
        Ok(Input::Fragment(input))
    }

    /// The result after `result` (already read).
    pub(crate) fn result_binding(&mut self) -> Result<Output, super::ParseError> {
        self.expect_punct('.')?;
        let name = self.ident()?;
        let vertex = self.target == Target::Vertex;
        let l = self.limits;
        let output = match (name.as_str(), vertex) {
            ("position", true) => Output::Position,
            ("fogcoord", true) => Output::FogCoord,
            ("pointsize", true) => Output::PointSize,
            ("texcoord", true) => Output::TexCoord(optional_index(self, 0, l.texture_coords, "texture coordinate set")?),
            ("color", true) => {
                let mut back = false;
                if let Some(face) = self.peek_dot_word(&["front", "back"]) {
                    back = face == "back";
                    self.dot_word();
                }
                Output::VertexColor { back, secondary: self.color_kind() == 1 }
            }
            ("color", false) => {
                let mut buffer = 0;
                if self.peek_punct('[') {
                    if !self.options.draw_buffers {
                        return Err(self.error_here("result.color[n] needs OPTION ARB_draw_buffers"));
                    }
                    buffer = self.index(l.draw_buffers, "draw buffer")?;
                }
                Output::FragColor(buffer)
            }
            ("depth", false) => Output::Depth,
            _ => return Err(self.error_before(format!("`result.{name}` is not a result of this program type"))),
        };
        Ok(output)
    }

    /// `env[..]` or `local[..]` after `program.`: the parameters named (a range when `multiple`).
    pub(crate) fn program_binding(&mut self, multiple: bool) -> Result<Vec<ParamSource>, super::ParseError> {
        self.expect_punct('.')?;
        let name = self.ident()?;
        let limit = match name.as_str() {
            "env" => self.limits.program.env_parameters,
            "local" => self.limits.program.local_parameters,
            _ => return Err(self.error_before(format!("unknown program parameter `program.{name}`"))),
        };
        let (first, last) = if multiple { self.range(limit, "program parameter")? } else { let i = self.index(limit, "program parameter")?; (i, i) };
        Ok((first..=last).map(|i| if name == "env" { ParamSource::Env(i) } else { ParamSource::Local(i) }).collect())
    }

    /// `.front.` / `.back.` (optional) then a property among `allowed`.
    fn faced_property(&mut self, allowed: &[&str]) -> Result<(bool, LightProperty), super::ParseError> {
        self.expect_punct('.')?;
        let mut word = self.ident()?;
        let mut back = false;
        if word == "front" || word == "back" {
            back = word == "back";
            self.expect_punct('.')?;
            word = self.ident()?;
        }
        if !allowed.contains(&word.as_str()) {
            return Err(self.error_before(format!("unknown property `{word}`")));
        }
        Ok((back, light_property(&word)))
    }

    /// The state after `state` (already read); several items only where `multiple` allows
    /// a matrix's rows.
    pub(crate) fn state_binding(&mut self, multiple: bool) -> Result<Vec<StateItem>, super::ParseError> {
        self.expect_punct('.')?;
        let name = self.ident()?;
        let vertex = self.target == Target::Vertex;
        let l = self.limits;
        let item = match name.as_str() {
            "material" => {
                let (back, property) = self.faced_property(&["ambient", "diffuse", "specular", "emission", "shininess"])?;
                StateItem::Material { back, property }
            }
            "light" => {
                let light = self.index(l.lights, "light")?;
                self.expect_punct('.')?;
                let word = self.ident()?;
                let property = match word.as_str() {
                    "ambient" | "diffuse" | "specular" | "position" | "attenuation" | "half" => light_property(&word),
                    "spot" => {
                        self.expect_punct('.')?;
                        self.expect_word("direction")?;
                        LightProperty::SpotDirection
                    }
                    _ => return Err(self.error_before(format!("unknown light property `{word}`"))),
                };
                StateItem::Light { light, property }
            }
            "lightmodel" => {
                self.expect_punct('.')?;
                match self.ident()?.as_str() {
                    "ambient" => StateItem::LightModelAmbient,
                    "scenecolor" => StateItem::LightModelSceneColor { back: false },
                    face @ ("front" | "back") => {
                        let back = face == "back";
                        self.expect_punct('.')?;
                        self.expect_word("scenecolor")?;
                        StateItem::LightModelSceneColor { back }
                    }
                    other => return Err(self.error_before(format!("unknown light model property `{other}`"))),
                }
            }
            "lightprod" => {
                let light = self.index(l.lights, "light")?;
                let (back, property) = self.faced_property(&["ambient", "diffuse", "specular"])?;
                StateItem::LightProduct { light, back, property }
            }
            "texgen" if vertex => {
                let unit = optional_index(self, 0, l.texture_coords, "texture coordinate set")?;
                self.expect_punct('.')?;
                let plane = self.ident()?;
                if plane != "eye" && plane != "object" {
                    return Err(self.error_before(format!("unknown texgen plane `{plane}`")));
                }
                self.expect_punct('.')?;
                let coord = match self.ident()?.as_str() {
                    "s" => 0,
                    "t" => 1,
                    "r" => 2,
                    "q" => 3,
                    other => return Err(self.error_before(format!("unknown texgen coordinate `{other}`"))),
                };
                StateItem::TexGen { unit, eye: plane == "eye", coord }
            }
            "texenv" if !vertex => {
                let unit = optional_index(self, 0, l.texture_image_units, "texture unit")?;
                self.expect_punct('.')?;
                self.expect_word("color")?;
                StateItem::TexEnvColor(unit)
            }
            "fog" => {
                self.expect_punct('.')?;
                match self.ident()?.as_str() {
                    "color" => StateItem::FogColor,
                    "params" => StateItem::FogParams,
                    other => return Err(self.error_before(format!("unknown fog property `{other}`"))),
                }
            }
            "clip" if vertex => {
                let plane = self.index(l.clip_planes, "clip plane")?;
                self.expect_punct('.')?;
                self.expect_word("plane")?;
                StateItem::ClipPlane(plane)
            }
            "point" if vertex => {
                self.expect_punct('.')?;
                match self.ident()?.as_str() {
                    "size" => StateItem::PointSize,
                    "attenuation" => StateItem::PointAttenuation,
                    other => return Err(self.error_before(format!("unknown point property `{other}`"))),
                }
            }
            "depth" => {
                self.expect_punct('.')?;
                self.expect_word("range")?;
                StateItem::DepthRange
            }
            "matrix" => return self.matrix_binding(multiple),
            _ => return Err(self.error_before(format!("unknown state `state.{name}`"))),
        };
        Ok(vec![item])
    }

    /// `state.matrix.` name, modifier and rows.
    fn matrix_binding(&mut self, multiple: bool) -> Result<Vec<StateItem>, super::ParseError> {
        self.expect_punct('.')?;
        let name = self.ident()?;
        let l = self.limits;
        let matrix = match name.as_str() {
            "modelview" => Matrix::ModelView(optional_index(self, 0, l.modelview_matrices, "modelview matrix")?),
            "projection" => Matrix::Projection,
            "mvp" => Matrix::Mvp,
            "texture" => Matrix::Texture(optional_index(self, 0, l.texture_coords, "texture matrix")?),
            "palette" => Matrix::Palette(self.index(l.palette_matrices, "palette matrix")?),
            "program" => Matrix::Program(self.index(l.program_matrices, "program matrix")?),
            _ => return Err(self.error_before(format!("unknown matrix `{name}`"))),
        };
        let mut modifier = MatrixModifier::None;
        if let Some(word) = self.peek_dot_word(&["inverse", "transpose", "invtrans"]) {
            modifier = match word {
                "inverse" => MatrixModifier::Inverse,
                "transpose" => MatrixModifier::Transpose,
                _ => MatrixModifier::InverseTranspose,
            };
            self.dot_word();
        }
        let (first, last) = if self.peek_dot_word(&["row"]).is_some() {
            self.dot_word();
            if multiple { self.range(4, "matrix row")? } else { let r = self.index(4, "matrix row")?; (r, r) }
        } else if multiple {
            (0, 3)
        } else {
            return Err(self.error_here("a whole matrix binds several parameters: use an array"));
        };
        Ok((first..=last).map(|row| StateItem::MatrixRow { matrix, modifier, row }).collect())
    }
}

fn light_property(word: &str) -> LightProperty {
    match word {
        "ambient" => LightProperty::Ambient,
        "diffuse" => LightProperty::Diffuse,
        "specular" => LightProperty::Specular,
        "emission" => LightProperty::Emission,
        "shininess" => LightProperty::Shininess,
        "position" => LightProperty::Position,
        "attenuation" => LightProperty::Attenuation,
        _ => LightProperty::Half,
    }
}
