//! Shader modules and programs: a program is its stages' modules plus the descriptor set
//! layout (set 0, program-relative bindings, docs/conventions.md) and pipeline layout.

use crate::device::Device;
use crate::error::{vk_err, Error, Result};
use ash::vk;
use std::sync::Arc;

/// A shader stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShaderStage {
    Vertex,
    TessControl,
    TessEvaluation,
    Geometry,
    Fragment,
    Compute,
}

/// A set of stages (bit per `ShaderStage as u8`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct StageMask(pub u8);

impl StageMask {
    pub const VERTEX: StageMask = StageMask(1 << ShaderStage::Vertex as u8);
    pub const FRAGMENT: StageMask = StageMask(1 << ShaderStage::Fragment as u8);
    pub const COMPUTE: StageMask = StageMask(1 << ShaderStage::Compute as u8);
    /// Every graphics stage: the default for GL resources, which any stage may use.
    pub const ALL_GRAPHICS: StageMask = StageMask(0b1_1111);

    /// Whether `stage` is in the set.
    pub fn contains(self, stage: ShaderStage) -> bool {
        self.0 & (1 << stage as u8) != 0
    }
}

impl std::ops::BitOr for StageMask {
    type Output = StageMask;
    fn bitor(self, rhs: StageMask) -> StageMask {
        StageMask(self.0 | rhs.0)
    }
}

pub(crate) struct ModuleShared {
    pub device: Arc<Device>,
    pub raw: vk::ShaderModule,
    pub stage: ShaderStage,
    pub entry: std::ffi::CString,
}

impl Drop for ModuleShared {
    fn drop(&mut self) {
        // SAFETY: pipelines made from the module stay valid after it is destroyed, and no
        // pipeline creation is in progress (creators hold a reference).
        unsafe { self.device.raw.destroy_shader_module(self.raw, None) };
    }
}

/// A SPIR-V shader module of one stage.
#[derive(Clone)]
pub struct ShaderModule(pub(crate) Arc<ModuleShared>);

impl ShaderModule {
    /// Wraps SPIR-V `words` whose entry point `entry` is of `stage`.
    pub fn new(device: &Arc<Device>, stage: ShaderStage, words: &[u32], entry: &str) -> Result<ShaderModule> {
        if words.len() < 5 || words[0] != 0x0723_0203 {
            return Err(Error::Shader("not a SPIR-V module (bad magic or too short)".into()));
        }
        let entry = std::ffi::CString::new(entry).map_err(|_| Error::Shader("entry point name has a NUL".into()))?;
        let info = vk::ShaderModuleCreateInfo::default().code(words);
        // SAFETY: words is a SPIR-V module with a valid header; the driver validates the rest.
        let raw = unsafe { device.raw.create_shader_module(&info, None) }.map_err(vk_err("vkCreateShaderModule"))?;
        Ok(ShaderModule(Arc::new(ModuleShared { device: device.clone(), raw, stage, entry })))
    }

    /// The stage it was made for.
    pub fn stage(&self) -> ShaderStage {
        self.0.stage
    }
}

/// The kind of resource behind a binding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BindingKind {
    UniformBuffer,
    StorageBuffer,
    CombinedImageSampler,
    StorageImage,
    UniformTexelBuffer,
    StorageTexelBuffer,
}

/// One binding of set 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BindingDesc {
    /// Binding number, per docs/conventions.md (0 default UBO, 1+k UBOs, 128+s samplers, ...).
    pub binding: u32,
    pub kind: BindingKind,
    /// Array size (1 for a non-array).
    pub count: u32,
    pub stages: StageMask,
}

/// How to make a program.
#[derive(Clone, Copy)]
pub struct ProgramDesc<'a> {
    /// One module per stage present.
    pub modules: &'a [&'a ShaderModule],
    pub bindings: &'a [BindingDesc],
}

pub(crate) struct ProgramShared {
    pub device: Arc<Device>,
    pub id: u64,
    pub modules: Vec<ShaderModule>,
    pub bindings: Vec<BindingDesc>,
    pub set_layout: vk::DescriptorSetLayout,
    pub layout: vk::PipelineLayout,
    /// Whether draws push descriptors (else they allocate sets from per-batch pools).
    pub push_descriptors: bool,
    /// The compute pipelines of a compute program by work-group size (None: the module's
    /// fixed size), each made on the first dispatch that needs it.
    pub compute_pipelines: std::sync::Mutex<std::collections::HashMap<Option<[u32; 3]>, vk::Pipeline>>,
}

impl Drop for ProgramShared {
    fn drop(&mut self) {
        self.device.pipelines.forget_program(&self.device.raw, self.id);
        if let Ok(pipelines) = self.compute_pipelines.lock() {
            for p in pipelines.values() {
                // SAFETY: batches keep programs alive while they run, so no pending work
                // uses the pipeline.
                unsafe { self.device.raw.destroy_pipeline(*p, None) };
            }
        }
        // SAFETY: batches keep programs alive while they run, and the program's pipelines
        // were just destroyed, so nothing uses the layouts.
        unsafe {
            self.device.raw.destroy_pipeline_layout(self.layout, None);
            self.device.raw.destroy_descriptor_set_layout(self.set_layout, None);
        }
    }
}

/// A linked program: what `DrawRecord::program` names.
#[derive(Clone)]
pub struct Program(pub(crate) Arc<ProgramShared>);

impl Program {
    /// Builds the layouts for `desc`. Bindings must be unique; a vertex and a fragment module
    /// (or one compute module) are expected.
    pub fn new(device: &Arc<Device>, desc: &ProgramDesc<'_>) -> Result<Program> {
        let mut seen = std::collections::HashSet::new();
        for b in desc.bindings {
            if !seen.insert(b.binding) || b.count == 0 {
                return Err(Error::InvalidArgument(format!("binding {} repeated or empty", b.binding)));
            }
        }
        let mut stages_seen = std::collections::HashSet::new();
        for m in desc.modules {
            if !stages_seen.insert(m.stage()) {
                return Err(Error::InvalidArgument(format!("two {:?} modules", m.stage())));
            }
        }
        let limits = &device.info().limits;
        // The limits are per stage: each stage counts the bindings it can see.
        for stage in desc.modules.iter().map(|m| m.stage()) {
            let per_kind = |kinds: &[BindingKind]| -> u32 {
                desc.bindings.iter().filter(|b| b.stages.contains(stage) && kinds.contains(&b.kind)).map(|b| b.count).sum()
            };
            let checks = [
                (per_kind(&[BindingKind::UniformBuffer]), limits.max_per_stage_uniform_buffers, "uniform buffers"),
                (per_kind(&[BindingKind::StorageBuffer]), limits.max_per_stage_storage_buffers, "storage buffers"),
                (per_kind(&[BindingKind::CombinedImageSampler]), limits.max_per_stage_samplers, "samplers"),
                (per_kind(&[BindingKind::CombinedImageSampler, BindingKind::UniformTexelBuffer]), limits.max_per_stage_sampled_images, "sampled images"),
                (per_kind(&[BindingKind::StorageImage, BindingKind::StorageTexelBuffer]), limits.max_per_stage_storage_images, "storage images"),
            ];
            for (count, max, what) in checks {
                if count > max {
                    return Err(Error::InvalidArgument(format!("{count} {what} in the {stage:?} stage exceed the device's {max}")));
                }
            }
        }
        let total: u32 = desc.bindings.iter().map(|b| b.count).sum();
        let push = device.info().features.push_descriptor && total <= device.info().limits.max_push_descriptors;
        let vk_bindings: Vec<vk::DescriptorSetLayoutBinding> = desc
            .bindings
            .iter()
            .map(|b| {
                vk::DescriptorSetLayoutBinding::default()
                    .binding(b.binding)
                    .descriptor_type(crate::conv::map_binding_kind(b.kind))
                    .descriptor_count(b.count)
                    .stage_flags(crate::conv::map_stage_mask(b.stages))
            })
            .collect();
        let flags = if push { vk::DescriptorSetLayoutCreateFlags::PUSH_DESCRIPTOR_KHR } else { vk::DescriptorSetLayoutCreateFlags::empty() };
        let info = vk::DescriptorSetLayoutCreateInfo::default().flags(flags).bindings(&vk_bindings);
        // SAFETY: bindings are unique with non-zero counts (checked above); push descriptor
        // layouts only when the extension is enabled and within its limit.
        let set_layout = unsafe { device.raw.create_descriptor_set_layout(&info, None) }
            .map_err(vk_err("vkCreateDescriptorSetLayout"))?;
        let set_layouts = [set_layout];
        let info = vk::PipelineLayoutCreateInfo::default().set_layouts(&set_layouts);
        // SAFETY: set_layout is a live layout of this device.
        let layout = match unsafe { device.raw.create_pipeline_layout(&info, None) } {
            Ok(l) => l,
            Err(e) => {
                // SAFETY: set_layout is unused.
                unsafe { device.raw.destroy_descriptor_set_layout(set_layout, None) };
                return Err(vk_err("vkCreatePipelineLayout")(e));
            }
        };
        Ok(Program(Arc::new(ProgramShared {
            device: device.clone(),
            id: device.next_id(),
            modules: desc.modules.iter().map(|m| (*m).clone()).collect(),
            bindings: desc.bindings.to_vec(),
            set_layout,
            layout,
            push_descriptors: push,
            compute_pipelines: std::sync::Mutex::new(std::collections::HashMap::new()),
        })))
    }

    /// A process-unique id (part of every pipeline key of the program).
    pub fn id(&self) -> u64 {
        self.0.id
    }

    /// The bindings the program was made with.
    pub fn bindings(&self) -> &[BindingDesc] {
        &self.0.bindings
    }
}
