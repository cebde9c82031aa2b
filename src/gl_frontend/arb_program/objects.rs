//! ARB program objects and the per-target state around them: the bound program of each
//! target, its enable, the environment parameters, and the last load's error.
//!
//! The objects live with the context (GL shares them between contexts of a share group;
//! programs that do so are rare and not handled yet).

use std::collections::HashMap;
use std::ffi::CString;
use std::sync::Arc;

use super::ast::{Program, Target};
use super::limits::ProgramLimits;

/// One program object.
#[derive(Clone, Debug, Default)]
pub struct ArbProgramObject {
    /// Set when first bound; a program keeps its target for life.
    pub target: Option<Target>,
    /// The text of the last successful glProgramStringARB.
    pub source: Vec<u8>,
    /// The program the text made, if any loaded.
    pub program: Option<Arc<Program>>,
    /// program.local[]: per object.
    pub locals: Vec<[f32; 4]>,
    /// Bumped on every load, so cached translations can tell they are stale.
    pub generation: u64,
}

impl ArbProgramObject {
    fn new(target: Target) -> ArbProgramObject {
        let locals = vec![[0.0; 4]; ProgramLimits::of(target).local_parameters as usize];
        ArbProgramObject { target: Some(target), locals, ..Default::default() }
    }
}

/// Index of a target in the per-target arrays.
pub fn slot(target: Target) -> usize {
    match target {
        Target::Vertex => 0,
        Target::Fragment => 1,
    }
}

pub struct ArbProgramState {
    /// Named objects; a generated name not yet bound has no target.
    pub objects: HashMap<u32, ArbProgramObject>,
    /// The objects named 0, one per target.
    pub defaults: [ArbProgramObject; 2],
    pub bound: [u32; 2],
    /// GL_VERTEX_PROGRAM_ARB, GL_FRAGMENT_PROGRAM_ARB.
    pub enabled: [bool; 2],
    /// program.env[] per target.
    pub env: [Vec<[f32; 4]>; 2],
    /// GL_PROGRAM_ERROR_POSITION_ARB: -1 after a successful load.
    pub error_position: i32,
    /// GL_PROGRAM_ERROR_STRING_ARB.
    pub error_string: CString,
    next_generation: u64,
    /// Linked programs that draw with the enabled programs.
    pub draw_cache: super::draw::ArbDrawCache,
}

impl Default for ArbProgramState {
    fn default() -> ArbProgramState {
        let env = |t| vec![[0.0; 4]; ProgramLimits::of(t).env_parameters as usize];
        ArbProgramState {
            objects: HashMap::new(),
            defaults: [ArbProgramObject::new(Target::Vertex), ArbProgramObject::new(Target::Fragment)],
            bound: [0, 0],
            enabled: [false, false],
            env: [env(Target::Vertex), env(Target::Fragment)],
            error_position: -1,
            error_string: CString::default(),
            next_generation: 1,
            draw_cache: Default::default(),
        }
    }
}

impl ArbProgramState {
    /// `n` names no object uses.
    pub fn generate(&mut self, n: usize) -> Vec<u32> {
        let mut names = Vec::with_capacity(n);
        let mut candidate = 1;
        while names.len() < n {
            if !self.objects.contains_key(&candidate) {
                self.objects.insert(candidate, ArbProgramObject::default());
                names.push(candidate);
            }
            candidate += 1;
        }
        names
    }

    /// Binds `name` to `target`, creating it on first bind; false when it belongs to the
    /// other target.
    pub fn bind(&mut self, target: Target, name: u32) -> bool {
        if name != 0 {
            let object = self.objects.entry(name).or_default();
            match object.target {
                Some(t) if t != target => return false,
                Some(_) => {}
                None => *object = ArbProgramObject::new(target),
            }
        }
        self.bound[slot(target)] = name;
        true
    }

    pub fn delete(&mut self, name: u32) {
        if name == 0 || self.objects.remove(&name).is_none() {
            return;
        }
        for bound in &mut self.bound {
            if *bound == name {
                *bound = 0;
            }
        }
    }

    /// Whether `name` is a program object (bound at least once).
    pub fn is_program(&self, name: u32) -> bool {
        self.objects.get(&name).is_some_and(|o| o.target.is_some())
    }

    pub fn current(&self, target: Target) -> &ArbProgramObject {
        let name = self.bound[slot(target)];
        self.objects.get(&name).unwrap_or(&self.defaults[slot(target)])
    }

    pub fn current_mut(&mut self, target: Target) -> &mut ArbProgramObject {
        let name = self.bound[slot(target)];
        match self.objects.get_mut(&name) {
            Some(o) => o,
            None => &mut self.defaults[slot(target)],
        }
    }

    /// Stores a loaded program in the bound object of its target.
    pub fn load(&mut self, target: Target, source: Vec<u8>, program: Program) {
        let generation = self.next_generation;
        self.next_generation += 1;
        let object = self.current_mut(target);
        object.source = source;
        object.program = Some(Arc::new(program));
        object.generation = generation;
        self.error_position = -1;
        self.error_string = CString::default();
    }
}
