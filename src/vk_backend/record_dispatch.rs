//! Recording a compute dispatch: barriers for what it reads and writes, the program's
//! compute pipeline for the work-group size (made on first use), descriptors and the
//! dispatch itself.

use crate::buffer::Buffer;
use crate::command::CommandStream;
use crate::draw::{BoundResource, ResourceBinding};
use crate::error::{vk_err, Error, Result};
use crate::program::{BindingKind, Program, ProgramShared, ShaderStage};
use crate::record_draw::find_binding;
use ash::vk;

/// How many work groups a dispatch runs.
#[derive(Clone, Copy, Debug)]
pub enum DispatchSize<'a> {
    /// Groups along x, y and z.
    Direct([u32; 3]),
    /// Three 32-bit counts read from `buffer` at `offset` when the dispatch runs.
    Indirect { buffer: &'a Buffer, offset: u64 },
}

/// A complete dispatch: everything the backend needs, nothing it must remember from before.
#[derive(Clone, Copy)]
pub struct DispatchRecord<'a> {
    /// A program made of one compute module.
    pub program: &'a Program,
    pub resources: &'a [ResourceBinding<'a>],
    pub size: DispatchSize<'a>,
    /// The work-group size of a module whose size is the specialisation constants
    /// `nir_like::WORKGROUP_SIZE_SPEC_IDS` (ARB_compute_variable_group_size); None for a
    /// module with a fixed size.
    pub group_size: Option<[u32; 3]>,
}

const COMPUTE: vk::PipelineStageFlags2 = vk::PipelineStageFlags2::COMPUTE_SHADER;

/// The compute pipeline of `program` for a work-group size (None: the module's own),
/// created on first use and kept with the program.
fn compute_pipeline(device: &ash::Device, cache: vk::PipelineCache, program: &ProgramShared, group_size: Option<[u32; 3]>) -> Result<vk::Pipeline> {
    let mut pipelines = program.compute_pipelines.lock().map_err(|_| Error::DeviceLost)?;
    if let Some(p) = pipelines.get(&group_size) {
        return Ok(*p);
    }
    let module = match program.modules.as_slice() {
        [m] if m.0.stage == ShaderStage::Compute => m,
        _ => return Err(Error::InvalidArgument("a dispatch needs a program of one compute module".into())),
    };
    let entries: Vec<vk::SpecializationMapEntry> = nir_like::WORKGROUP_SIZE_SPEC_IDS
        .iter()
        .enumerate()
        .map(|(i, &id)| vk::SpecializationMapEntry { constant_id: id, offset: 4 * i as u32, size: 4 })
        .collect();
    let data: Vec<u8> = group_size.unwrap_or_default().iter().flat_map(|c| c.to_ne_bytes()).collect();
    let specialization = vk::SpecializationInfo::default().map_entries(&entries).data(&data);
    let mut stage = vk::PipelineShaderStageCreateInfo::default().stage(vk::ShaderStageFlags::COMPUTE).module(module.0.raw).name(&module.0.entry);
    if group_size.is_some() {
        stage = stage.specialization_info(&specialization);
    }
    let info = vk::ComputePipelineCreateInfo::default().stage(stage).layout(program.layout);
    // SAFETY: the module and layout are live objects of this device; the module's entry
    // point is a GLCompute one (checked by its stage); the specialisation data holds
    // three 32-bit words, one per map entry.
    let created = unsafe { device.create_compute_pipelines(cache, &[info], None) }.map_err(|(_, e)| vk_err("vkCreateComputePipelines")(e))?;
    pipelines.insert(group_size, created[0]);
    Ok(created[0])
}

impl CommandStream {
    /// Records one compute dispatch. Rendering in progress is ended first (dispatches run
    /// outside render passes); later draws resume it with its contents loaded.
    pub fn dispatch(&mut self, dispatch: &DispatchRecord<'_>) -> Result<()> {
        let program = &dispatch.program.0;
        if let DispatchSize::Direct(groups) = dispatch.size {
            let max = self.device.info().limits.max_compute_work_group_count;
            if groups.iter().zip(max).any(|(g, m)| *g > m) {
                return Err(Error::InvalidArgument(format!("{groups:?} work groups exceed the device's {max:?}")));
            }
            if groups.contains(&0) {
                return Ok(());
            }
        }
        if let Some(size) = dispatch.group_size {
            let limits = &self.device.info().limits;
            let invocations: u64 = size.iter().map(|c| u64::from(*c)).product();
            if size.contains(&0) || size.iter().zip(limits.max_compute_work_group_size).any(|(c, m)| *c > m) || invocations > u64::from(limits.max_compute_work_group_invocations) {
                return Err(Error::InvalidArgument(format!("work-group size {size:?} outside the device's limits")));
            }
        }
        if let DispatchSize::Indirect { buffer, offset } = dispatch.size {
            if offset % 4 != 0 || offset + 12 > buffer.size() {
                return Err(Error::InvalidArgument("indirect dispatch parameters outside the buffer or misaligned".into()));
            }
        }
        self.end_rendering()?;
        // Active counting queries count this dispatch (compute shader invocations).
        self.open_queries()?;
        // Outside rendering nothing is an attachment: sampled images are read-only.
        self.feedback.clear();
        self.batch()?.keep(program.id, || program.clone());
        for r in dispatch.resources {
            let desc = find_binding(program, r.binding)
                .filter(|d| r.array_index < d.count)
                .ok_or_else(|| Error::InvalidArgument(format!("program has no binding {}[{}]", r.binding, r.array_index)))?;
            match (r.resource, desc.kind) {
                (BoundResource::UniformBuffer { buffer, .. }, BindingKind::UniformBuffer) => {
                    self.use_buffer_read(&buffer.storage(), COMPUTE, vk::AccessFlags2::UNIFORM_READ)?;
                }
                (BoundResource::StorageBuffer { buffer, .. }, BindingKind::StorageBuffer) => {
                    self.use_buffer_write(&buffer.storage(), COMPUTE, vk::AccessFlags2::SHADER_STORAGE_READ | vk::AccessFlags2::SHADER_STORAGE_WRITE)?;
                }
                (BoundResource::CombinedImageSampler { view, .. }, BindingKind::CombinedImageSampler) => {
                    let v = view.0.clone();
                    self.batch()?.keep(view.0.id, || v);
                    self.use_image_read(&view.0.image.0, COMPUTE, vk::AccessFlags2::SHADER_SAMPLED_READ, vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL)?;
                }
                (BoundResource::UniformTexelBuffer { view }, BindingKind::UniformTexelBuffer) => {
                    let v = view.0.clone();
                    self.batch()?.keep(view.0.id, || v);
                    self.use_buffer_read(&view.0.storage, COMPUTE, vk::AccessFlags2::SHADER_SAMPLED_READ)?;
                }
                (BoundResource::StorageTexelBuffer { view }, BindingKind::StorageTexelBuffer) => {
                    let v = view.0.clone();
                    self.batch()?.keep(view.0.id, || v);
                    self.use_buffer_write(&view.0.storage, COMPUTE, vk::AccessFlags2::SHADER_STORAGE_READ | vk::AccessFlags2::SHADER_STORAGE_WRITE)?;
                }
                (BoundResource::StorageImage { view }, BindingKind::StorageImage) => {
                    let v = view.0.clone();
                    self.batch()?.keep(view.0.id, || v);
                    self.use_image_write(
                        &view.0.image.0,
                        COMPUTE,
                        vk::AccessFlags2::SHADER_STORAGE_READ | vk::AccessFlags2::SHADER_STORAGE_WRITE,
                        vk::ImageLayout::GENERAL,
                        false,
                    )?;
                }
                (_, kind) => return Err(Error::InvalidArgument(format!("binding {} is a {kind:?}", r.binding))),
            }
        }
        if let DispatchSize::Indirect { buffer, .. } = dispatch.size {
            self.use_buffer_read(&buffer.storage(), vk::PipelineStageFlags2::DRAW_INDIRECT, vk::AccessFlags2::INDIRECT_COMMAND_READ)?;
        }
        self.emit_barriers()?;
        let pipeline = compute_pipeline(&self.device.raw, self.device.pipelines.cache(), program, dispatch.group_size)?;
        let cmd = self.cmd()?;
        // SAFETY: cmd is recording outside rendering; the pipeline belongs to the program,
        // which the batch keeps alive.
        unsafe { self.device.raw.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::COMPUTE, pipeline) };
        self.write_descriptors(cmd, dispatch.resources, program, vk::PipelineBindPoint::COMPUTE)?;
        let dev = &self.device.raw;
        match dispatch.size {
            // SAFETY: pipeline and descriptors are bound; counts are within the device limits.
            DispatchSize::Direct([x, y, z]) => unsafe { dev.cmd_dispatch(cmd, x, y, z) },
            DispatchSize::Indirect { buffer, offset } => {
                let raw = buffer.storage();
                // SAFETY: the parameters lie inside the buffer (checked above), which the
                // batch holds; the barrier above made earlier writes visible.
                unsafe { dev.cmd_dispatch_indirect(cmd, raw.raw, offset) };
            }
        }
        Ok(())
    }
}
