//! Runs a compute shader on the machine's Vulkan device (lavapipe in CI) over one storage
//! buffer at set 0, binding 0, and returns the buffer's words afterwards.
#![allow(dead_code)]

use ash::vk;

/// Dispatches one workgroup of `words` (a compute module) with `buffer` bound as the
/// storage buffer; returns the buffer's contents after the dispatch.
pub fn run_compute(words: &[u32], buffer: &[u32]) -> Vec<u32> {
    unsafe { run_compute_unsafe(words, buffer) }
}

unsafe fn run_compute_unsafe(words: &[u32], contents: &[u32]) -> Vec<u32> {
    let entry =
        ash::Entry::load().expect("Vulkan loader (install libvulkan1 and mesa-vulkan-drivers)");
    let app = vk::ApplicationInfo::default().api_version(vk::API_VERSION_1_1);
    let instance = entry
        .create_instance(
            &vk::InstanceCreateInfo::default().application_info(&app),
            None,
        )
        .expect("instance");
    let physical = instance.enumerate_physical_devices().expect("devices");
    let (pdev, family) = physical
        .iter()
        .find_map(|&p| {
            instance
                .get_physical_device_queue_family_properties(p)
                .iter()
                .position(|q| q.queue_flags.contains(vk::QueueFlags::COMPUTE))
                .map(|i| (p, i as u32))
        })
        .expect("a Vulkan device with a compute queue");
    let priorities = [1.0f32];
    let queue_info = [vk::DeviceQueueCreateInfo::default()
        .queue_family_index(family)
        .queue_priorities(&priorities)];
    let mut features = vk::PhysicalDeviceFeatures::default();
    let available = instance.get_physical_device_features(pdev);
    features.shader_float64 = available.shader_float64;
    features.shader_int64 = available.shader_int64;
    let device = instance
        .create_device(
            pdev,
            &vk::DeviceCreateInfo::default()
                .queue_create_infos(&queue_info)
                .enabled_features(&features),
            None,
        )
        .expect("device");
    let queue = device.get_device_queue(family, 0);

    let size = (contents.len() * 4) as u64;
    let buffer = device
        .create_buffer(
            &vk::BufferCreateInfo::default()
                .size(size)
                .usage(vk::BufferUsageFlags::STORAGE_BUFFER),
            None,
        )
        .unwrap();
    let req = device.get_buffer_memory_requirements(buffer);
    let mem_props = instance.get_physical_device_memory_properties(pdev);
    let wanted = vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT;
    let type_index = (0..mem_props.memory_type_count)
        .find(|&i| {
            req.memory_type_bits & (1 << i) != 0
                && mem_props.memory_types[i as usize]
                    .property_flags
                    .contains(wanted)
        })
        .expect("host-visible memory");
    let memory = device
        .allocate_memory(
            &vk::MemoryAllocateInfo::default()
                .allocation_size(req.size)
                .memory_type_index(type_index),
            None,
        )
        .unwrap();
    device.bind_buffer_memory(buffer, memory, 0).unwrap();
    let ptr = device
        .map_memory(memory, 0, size, vk::MemoryMapFlags::empty())
        .unwrap() as *mut u32;
    std::ptr::copy_nonoverlapping(contents.as_ptr(), ptr, contents.len());

    let module = device
        .create_shader_module(&vk::ShaderModuleCreateInfo::default().code(words), None)
        .expect("shader module");
    let bindings = [vk::DescriptorSetLayoutBinding::default()
        .binding(0)
        .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
        .descriptor_count(1)
        .stage_flags(vk::ShaderStageFlags::COMPUTE)];
    let set_layout = device
        .create_descriptor_set_layout(
            &vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings),
            None,
        )
        .unwrap();
    let set_layouts = [set_layout];
    let pipeline_layout = device
        .create_pipeline_layout(
            &vk::PipelineLayoutCreateInfo::default().set_layouts(&set_layouts),
            None,
        )
        .unwrap();
    let stage = vk::PipelineShaderStageCreateInfo::default()
        .stage(vk::ShaderStageFlags::COMPUTE)
        .module(module)
        .name(c"main");
    let pipeline = device
        .create_compute_pipelines(
            vk::PipelineCache::null(),
            &[vk::ComputePipelineCreateInfo::default()
                .stage(stage)
                .layout(pipeline_layout)],
            None,
        )
        .map_err(|(_, e)| e)
        .expect("compute pipeline")[0];
    let pool_sizes = [vk::DescriptorPoolSize {
        ty: vk::DescriptorType::STORAGE_BUFFER,
        descriptor_count: 1,
    }];
    let pool = device
        .create_descriptor_pool(
            &vk::DescriptorPoolCreateInfo::default()
                .max_sets(1)
                .pool_sizes(&pool_sizes),
            None,
        )
        .unwrap();
    let set = device
        .allocate_descriptor_sets(
            &vk::DescriptorSetAllocateInfo::default()
                .descriptor_pool(pool)
                .set_layouts(&set_layouts),
        )
        .unwrap()[0];
    let buffer_info = [vk::DescriptorBufferInfo {
        buffer,
        offset: 0,
        range: size,
    }];
    let write = vk::WriteDescriptorSet::default()
        .dst_set(set)
        .dst_binding(0)
        .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
        .buffer_info(&buffer_info);
    device.update_descriptor_sets(&[write], &[]);

    let cmd_pool = device
        .create_command_pool(
            &vk::CommandPoolCreateInfo::default().queue_family_index(family),
            None,
        )
        .unwrap();
    let cmd = device
        .allocate_command_buffers(
            &vk::CommandBufferAllocateInfo::default()
                .command_pool(cmd_pool)
                .command_buffer_count(1),
        )
        .unwrap()[0];
    device
        .begin_command_buffer(cmd, &vk::CommandBufferBeginInfo::default())
        .unwrap();
    device.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::COMPUTE, pipeline);
    device.cmd_bind_descriptor_sets(
        cmd,
        vk::PipelineBindPoint::COMPUTE,
        pipeline_layout,
        0,
        &[set],
        &[],
    );
    device.cmd_dispatch(cmd, 1, 1, 1);
    let barrier = vk::MemoryBarrier::default()
        .src_access_mask(vk::AccessFlags::SHADER_WRITE)
        .dst_access_mask(vk::AccessFlags::HOST_READ);
    device.cmd_pipeline_barrier(
        cmd,
        vk::PipelineStageFlags::COMPUTE_SHADER,
        vk::PipelineStageFlags::HOST,
        vk::DependencyFlags::empty(),
        &[barrier],
        &[],
        &[],
    );
    device.end_command_buffer(cmd).unwrap();
    let fence = device
        .create_fence(&vk::FenceCreateInfo::default(), None)
        .unwrap();
    let cmds = [cmd];
    device
        .queue_submit(
            queue,
            &[vk::SubmitInfo::default().command_buffers(&cmds)],
            fence,
        )
        .unwrap();
    device.wait_for_fences(&[fence], true, u64::MAX).unwrap();
    let mut out = vec![0u32; contents.len()];
    std::ptr::copy_nonoverlapping(ptr, out.as_mut_ptr(), contents.len());

    device.destroy_fence(fence, None);
    device.destroy_command_pool(cmd_pool, None);
    device.destroy_descriptor_pool(pool, None);
    device.destroy_pipeline(pipeline, None);
    device.destroy_pipeline_layout(pipeline_layout, None);
    device.destroy_descriptor_set_layout(set_layout, None);
    device.destroy_shader_module(module, None);
    device.unmap_memory(memory);
    device.destroy_buffer(buffer, None);
    device.free_memory(memory, None);
    device.destroy_device(None);
    instance.destroy_instance(None);
    out
}
