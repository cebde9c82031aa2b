//! Query objects: glGenQueries, glCreateQueries, glDeleteQueries, glIsQuery,
//! glBeginQuery(Indexed), glEndQuery(Indexed), glQueryCounter, glGetQuery(Indexed)iv and
//! glGetQueryObject*v. Queries are per context, like other container-free objects GL does not
//! share. The counting itself is the backend's (`vk_backend::CommandStream::begin_query`);
//! this file keeps GL's rules: which target is active, which name may begin, what each
//! query returns.

use std::collections::HashMap;

use crate::context::ContextState;
use crate::objects::names::NameTable;
use crate::types::enums::*;
use crate::types::*;
use vk_backend::{PipelineStatistic, QueryKind};

/// Vertex streams a GL_PRIMITIVES_GENERATED or GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN query
/// may count (GL_MAX_VERTEX_STREAMS).
pub const MAX_VERTEX_STREAMS: u32 = 4;

/// Where a query's result stands.
#[derive(Debug)]
pub enum QueryResult {
    /// Never begun, or begun and not yet ended.
    None,
    /// Ended; the device has or will have the answer.
    Pending(vk_backend::Query),
    /// Known.
    Ready(u64),
}

/// One query object.
#[derive(Debug)]
pub struct QueryObject {
    /// The target it was first begun with (or created for); a name keeps its target for life.
    pub target: GLenum,
    /// The backend's handle while active.
    pub active: Option<vk_backend::QueryId>,
    /// While active, what the host counted instead of the device: primitives written by
    /// emulated transform feedback (`draw_path::xfb_emulation`), or generated on streams
    /// 1 to 3 by an emulated geometry shader (`draw_path::gs_emulation`).
    pub host_count: Option<u64>,
    pub result: QueryResult,
}

impl QueryObject {
    fn new(target: GLenum) -> QueryObject {
        QueryObject { target, active: None, host_count: None, result: QueryResult::None }
    }

    fn is_active(&self) -> bool {
        self.active.is_some() || self.host_count.is_some()
    }
}

/// The context's query objects and which is active for each target and index.
#[derive(Default)]
pub struct QueryObjects {
    pub names: NameTable<QueryObject>,
    /// (binding point, index) to the active query's name.
    pub active: HashMap<(GLenum, GLuint), GLuint>,
}

/// Whether `target` names a query type glBeginQuery accepts. OpenGL ES counts no samples,
/// only whether any passed; pipeline statistics (ARB_pipeline_statistics_query) need the
/// device's counters and a desktop context.
fn is_begin_target(target: GLenum, gles: bool, statistics: bool) -> bool {
    match target {
        GL_ANY_SAMPLES_PASSED | GL_ANY_SAMPLES_PASSED_CONSERVATIVE | GL_PRIMITIVES_GENERATED
        | GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN | GL_TIME_ELAPSED => true,
        GL_SAMPLES_PASSED => !gles,
        t => statistics && !gles && pipeline_statistic(t).is_some(),
    }
}

/// The pipeline counter a GL_ARB_pipeline_statistics_query target reads. A geometry shader
/// galvan runs as compute (`draw_path::gs_emulation`) is no geometry stage to the device:
/// there its invocations are counted on the host and its primitives are those of the draw
/// of what it emitted (`backend_kind`).
fn pipeline_statistic(target: GLenum) -> Option<PipelineStatistic> {
    Some(match target {
        GL_VERTICES_SUBMITTED => PipelineStatistic::InputAssemblyVertices,
        GL_PRIMITIVES_SUBMITTED => PipelineStatistic::InputAssemblyPrimitives,
        GL_VERTEX_SHADER_INVOCATIONS => PipelineStatistic::VertexShaderInvocations,
        GL_TESS_CONTROL_SHADER_PATCHES => PipelineStatistic::TessellationControlShaderPatches,
        GL_TESS_EVALUATION_SHADER_INVOCATIONS => PipelineStatistic::TessellationEvaluationShaderInvocations,
        GL_GEOMETRY_SHADER_INVOCATIONS => PipelineStatistic::GeometryShaderInvocations,
        GL_GEOMETRY_SHADER_PRIMITIVES_EMITTED => PipelineStatistic::GeometryShaderPrimitives,
        GL_FRAGMENT_SHADER_INVOCATIONS => PipelineStatistic::FragmentShaderInvocations,
        GL_COMPUTE_SHADER_INVOCATIONS => PipelineStatistic::ComputeShaderInvocations,
        GL_CLIPPING_INPUT_PRIMITIVES => PipelineStatistic::ClippingInvocations,
        GL_CLIPPING_OUTPUT_PRIMITIVES => PipelineStatistic::ClippingPrimitives,
        _ => return None,
    })
}

/// The binding point of a target: the three occlusion targets share one, so only one of them
/// may be active at a time (ARB_occlusion_query2).
fn binding_point(target: GLenum) -> GLenum {
    match target {
        GL_ANY_SAMPLES_PASSED | GL_ANY_SAMPLES_PASSED_CONSERVATIVE => GL_SAMPLES_PASSED,
        t => t,
    }
}

/// Targets with one query per vertex stream.
fn is_indexed_target(target: GLenum) -> bool {
    matches!(target, GL_PRIMITIVES_GENERATED | GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN)
}

/// Whether the query's result is a boolean (any sample passed).
fn is_boolean_target(target: GLenum) -> bool {
    matches!(target, GL_ANY_SAMPLES_PASSED | GL_ANY_SAMPLES_PASSED_CONSERVATIVE)
}

fn backend_kind(target: GLenum, index: GLuint, geometry_emulated: bool) -> QueryKind {
    match target {
        GL_GEOMETRY_SHADER_PRIMITIVES_EMITTED if geometry_emulated => QueryKind::EmulatedGeometryPrimitives,
        GL_PRIMITIVES_GENERATED => QueryKind::PrimitivesGenerated { stream: index },
        GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN => QueryKind::PrimitivesWritten { stream: index },
        GL_TIME_ELAPSED => QueryKind::TimeElapsed,
        t => pipeline_statistic(t).map_or(QueryKind::SamplesPassed, QueryKind::PipelineStatistic),
    }
}

/// Which glGetQueryObject*v wrote the value: results that do not fit are clamped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ResultType {
    I32,
    U32,
    I64,
    U64,
}

impl ResultType {
    fn size(self) -> usize {
        match self {
            ResultType::I32 | ResultType::U32 => 4,
            ResultType::I64 | ResultType::U64 => 8,
        }
    }

    fn bytes(self, v: u64) -> ([u8; 8], usize) {
        (v.to_le_bytes(), self.size())
    }

    fn clamp(self, v: u64) -> u64 {
        match self {
            ResultType::I32 => v.min(i32::MAX as u64),
            ResultType::U32 => v.min(u32::MAX as u64),
            ResultType::I64 => v.min(i64::MAX as u64),
            ResultType::U64 => v,
        }
    }
}

impl ContextState {
    /// Whether glBeginQuery accepts `target` in this context.
    fn is_query_target(&self, target: GLenum) -> bool {
        is_begin_target(target, self.is_gles(), self.caps.pipeline_statistics)
    }

    pub(crate) fn gl_gen_queries(&mut self, n: GLsizei, ids: *mut GLuint) {
        if !self.check(n >= 0, GL_INVALID_VALUE) || ids.is_null() {
            return;
        }
        for i in 0..n as usize {
            let name = self.queries.names.generate();
            // SAFETY: GL requires `ids` to hold n names.
            unsafe { *ids.add(i) = name };
        }
    }

    pub(crate) fn gl_create_queries(&mut self, target: GLenum, n: GLsizei, ids: *mut GLuint) {
        if !self.check(self.is_query_target(target) || target == GL_TIMESTAMP, GL_INVALID_ENUM) {
            return;
        }
        if !self.check(n >= 0, GL_INVALID_VALUE) || ids.is_null() {
            return;
        }
        for i in 0..n as usize {
            let name = self.queries.names.generate();
            self.queries.names.insert(name, QueryObject::new(target));
            // SAFETY: GL requires `ids` to hold n names.
            unsafe { *ids.add(i) = name };
        }
    }

    pub(crate) fn gl_delete_queries(&mut self, n: GLsizei, ids: *const GLuint) {
        if !self.check(n >= 0, GL_INVALID_VALUE) || ids.is_null() {
            return;
        }
        for i in 0..n as usize {
            // SAFETY: GL requires `ids` to hold n names.
            let name = unsafe { *ids.add(i) };
            if name == 0 {
                continue;
            }
            // An active query ends when deleted.
            let active: Vec<(GLenum, GLuint)> =
                self.queries.active.iter().filter(|(_, n)| **n == name).map(|(k, _)| *k).collect();
            for key in active {
                self.end_active_query(key);
            }
            if self.conditional_render.as_ref().is_some_and(|c| c.query == name) {
                // The condition stays as it was when rendering was made conditional.
                self.freeze_conditional_render();
            }
            self.queries.names.remove(name);
        }
    }

    pub(crate) fn gl_is_query(&mut self, id: GLuint) -> GLboolean {
        self.queries.names.exists(id) as GLboolean
    }

    /// Checks the target and index of glBeginQueryIndexed, glEndQueryIndexed and
    /// glGetQueryIndexediv; records the error and returns false when they are wrong.
    fn check_query_target(&mut self, target: GLenum, index: GLuint, allow_timestamp: bool) -> bool {
        if !self.check(self.is_query_target(target) || allow_timestamp && target == GL_TIMESTAMP, GL_INVALID_ENUM) {
            return false;
        }
        let max = if is_indexed_target(target) { MAX_VERTEX_STREAMS } else { 1 };
        self.check(index < max, GL_INVALID_VALUE)
    }

    pub(crate) fn gl_begin_query_indexed(&mut self, target: GLenum, index: GLuint, id: GLuint) {
        if !self.check_query_target(target, index, false) {
            return;
        }
        if !self.check(!self.queries.active.contains_key(&(binding_point(target), index)) && id != 0, GL_INVALID_OPERATION) {
            return;
        }
        let allow_unreserved = !self.is_core() && !self.is_gles();
        let Some(object) = self.queries.names.get_or_create(id, allow_unreserved, || QueryObject::new(target)) else {
            return self.record_error(GL_INVALID_OPERATION);
        };
        if object.target != target || object.is_active() {
            return self.record_error(GL_INVALID_OPERATION);
        }
        if self.conditional_render.as_ref().is_some_and(|c| c.query == id) {
            return self.record_error(GL_INVALID_OPERATION);
        }
        if self.query_counted_on_host(target, index) {
            let object = self.queries.names.get_mut(id).expect("created above");
            object.host_count = Some(0);
            object.result = QueryResult::None;
            self.queries.active.insert((binding_point(target), index), id);
            return;
        }
        match self.stream.begin_query(backend_kind(target, index, self.caps.geometry_shader_emulated())) {
            Ok(handle) => {
                let object = self.queries.names.get_mut(id).expect("created above");
                object.active = Some(handle);
                object.result = QueryResult::None;
                self.queries.active.insert((binding_point(target), index), id);
            }
            Err(e) => self.backend_failed(e),
        }
    }

    pub(crate) fn gl_end_query_indexed(&mut self, target: GLenum, index: GLuint) {
        if !self.check_query_target(target, index, false) {
            return;
        }
        let key = (binding_point(target), index);
        if !self.check(self.active_query(target, index).is_some(), GL_INVALID_OPERATION) {
            return;
        }
        self.end_active_query(key);
    }

    /// Whether the host, not the device, counts a query of `target` for vertex stream
    /// `index`: primitives written by emulated transform feedback, primitives an emulated
    /// geometry shader generates on streams 1 to 3, which are never drawn, and the
    /// invocations of an emulated geometry shader, which are known at each draw.
    fn query_counted_on_host(&self, target: GLenum, index: GLuint) -> bool {
        match target {
            GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN => self.caps.transform_feedback_emulated(),
            GL_PRIMITIVES_GENERATED => index > 0 && self.caps.geometry_shader_emulated(),
            GL_GEOMETRY_SHADER_INVOCATIONS => self.caps.geometry_shader_emulated(),
            _ => false,
        }
    }

    /// Whether a query the host counts is active for vertex stream `stream`.
    pub(crate) fn host_counts_stream(&self, stream: GLuint) -> bool {
        [GL_PRIMITIVES_GENERATED, GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN]
            .into_iter()
            .filter_map(|target| self.active_query(target, stream))
            .any(|name| self.queries.names.get(name).is_some_and(|q| q.host_count.is_some()))
    }

    /// Adds `primitives` (or invocations) to the active query of `target` for vertex
    /// stream `stream`, if the host counts it (emulated transform feedback, emulated
    /// geometry shaders).
    pub(crate) fn count_host_primitives(&mut self, target: GLenum, stream: GLuint, primitives: u64) {
        let Some(name) = self.active_query(target, stream) else { return };
        if let Some(count) = self.queries.names.get_mut(name).and_then(|q| q.host_count.as_mut()) {
            *count += primitives;
        }
    }

    /// The query active for exactly `target` (not another target of its binding point).
    fn active_query(&self, target: GLenum, index: GLuint) -> Option<GLuint> {
        let name = *self.queries.active.get(&(binding_point(target), index))?;
        self.queries.names.get(name).filter(|q| q.target == target).map(|_| name)
    }

    /// Ends the query active for `key`; its result becomes pending.
    fn end_active_query(&mut self, key: (GLenum, GLuint)) {
        let Some(name) = self.queries.active.remove(&key) else { return };
        if let Some(object) = self.queries.names.get_mut(name).filter(|q| q.host_count.is_some()) {
            object.result = QueryResult::Ready(object.host_count.take().unwrap_or(0));
            return;
        }
        let Some(handle) = self.queries.names.get_mut(name).and_then(|q| q.active.take()) else { return };
        match self.stream.end_query(handle) {
            Ok(query) => {
                if let Some(object) = self.queries.names.get_mut(name) {
                    object.result = QueryResult::Pending(query);
                }
            }
            Err(e) => self.backend_failed(e),
        }
    }

    pub(crate) fn gl_query_counter(&mut self, id: GLuint, target: GLenum) {
        if !self.check(target == GL_TIMESTAMP, GL_INVALID_ENUM) {
            return;
        }
        let allow_unreserved = !self.is_core() && !self.is_gles();
        let Some(object) = self.queries.names.get_or_create(id, allow_unreserved, || QueryObject::new(target)) else {
            return self.record_error(GL_INVALID_OPERATION);
        };
        if id == 0 || object.target != GL_TIMESTAMP || object.is_active() {
            return self.record_error(GL_INVALID_OPERATION);
        }
        match self.stream.write_timestamp() {
            Ok(query) => {
                if let Some(object) = self.queries.names.get_mut(id) {
                    object.result = QueryResult::Pending(query);
                }
            }
            Err(e) => self.backend_failed(e),
        }
    }

    /// glGetQueryIndexediv.
    pub(crate) fn query_target_parameter(&mut self, target: GLenum, index: GLuint, pname: GLenum) -> Option<GLint> {
        if !self.check_query_target(target, index, true) {
            return None;
        }
        match pname {
            GL_CURRENT_QUERY => Some(self.active_query(target, index).unwrap_or(0) as GLint),
            // Every counter is 64 bits wide; the boolean ones still count.
            GL_QUERY_COUNTER_BITS => Some(64),
            _ => {
                self.record_error(GL_INVALID_ENUM);
                None
            }
        }
    }

    /// The result of query `id`: `None` while unavailable and `wait` is false. Ended queries
    /// without a result yet are resolved here.
    pub(crate) fn query_result(&mut self, id: GLuint, wait: bool) -> Option<u64> {
        let object = self.queries.names.get_mut(id)?;
        let boolean = is_boolean_target(object.target);
        let value = match &object.result {
            QueryResult::None => return Some(0),
            QueryResult::Ready(v) => return Some(*v),
            QueryResult::Pending(query) => self.stream.query_result(query, wait),
        };
        match value {
            Ok(Some(v)) => {
                let v = if boolean { u64::from(v != 0) } else { v };
                if let Some(object) = self.queries.names.get_mut(id) {
                    object.result = QueryResult::Ready(v);
                }
                Some(v)
            }
            Ok(None) => None,
            Err(e) => {
                self.backend_failed(e);
                Some(0)
            }
        }
    }

    /// glGetQueryObject{i,ui,i64,ui64}v: the value to write, or `None` after an error (or
    /// for GL_QUERY_RESULT_NO_WAIT without a result, which leaves `params` alone).
    pub(crate) fn query_object_parameter(&mut self, id: GLuint, pname: GLenum, ty: ResultType) -> Option<u64> {
        let valid_pname = matches!(pname, GL_QUERY_RESULT | GL_QUERY_RESULT_AVAILABLE | GL_QUERY_RESULT_NO_WAIT | GL_QUERY_TARGET);
        let Some(object) = self.queries.names.get(id) else {
            self.record_error(GL_INVALID_OPERATION);
            return None;
        };
        let (target, active) = (object.target, object.is_active());
        if !self.check(valid_pname, GL_INVALID_ENUM) || !self.check(!active, GL_INVALID_OPERATION) {
            return None;
        }
        match pname {
            GL_QUERY_TARGET => Some(u64::from(target)),
            GL_QUERY_RESULT => self.query_result(id, true).map(|v| ty.clamp(v)),
            GL_QUERY_RESULT_NO_WAIT => self.query_result(id, false).map(|v| ty.clamp(v)),
            _ => Some(u64::from(self.query_result(id, false).is_some())),
        }
    }

    /// glGetQueryObject*v: into `params`, or, with a buffer bound to GL_QUERY_BUFFER, into that
    /// buffer at offset `params` (ARB_query_buffer_object).
    ///
    /// # Safety
    /// Without a query buffer, `params` must have room for one value of `ty`.
    pub(crate) unsafe fn gl_get_query_object(&mut self, id: GLuint, pname: GLenum, ty: ResultType, params: *mut c_void) {
        let buffer = self.bindings.query_buffer;
        if buffer != 0 {
            return self.write_query_to_buffer(id, buffer, pname, params as usize as isize, ty);
        }
        let Some(v) = self.query_object_parameter(id, pname, ty) else { return };
        if params.is_null() {
            return;
        }
        let (bytes, n) = ty.bytes(v);
        // SAFETY: the caller guarantees room for one value of `ty`.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), params.cast::<u8>(), n) };
    }

    /// glGetQueryBufferObject*v.
    pub(crate) fn gl_get_query_buffer_object(&mut self, id: GLuint, buffer: GLuint, pname: GLenum, offset: isize, ty: ResultType) {
        let exists = self.share.lock().buffers.exists(buffer);
        if !self.check(exists, GL_INVALID_OPERATION) {
            return;
        }
        self.write_query_to_buffer(id, buffer, pname, offset, ty);
    }

    /// Writes a query value into buffer `buffer` at `offset`. A result that is not available
    /// under GL_QUERY_RESULT_NO_WAIT leaves the buffer alone.
    ///
    /// The value is resolved here, before any later command is recorded, and lands in the
    /// buffer's host copy, which GL treats as the contents: every later draw, dispatch or
    /// copy uploads from it, so all of them see the result in GL's command order.
    fn write_query_to_buffer(&mut self, id: GLuint, buffer: GLuint, pname: GLenum, offset: isize, ty: ResultType) {
        if !self.check(offset >= 0, GL_INVALID_VALUE) {
            return;
        }
        let end = (offset as usize).checked_add(ty.size());
        let (fits, mapped) = {
            let objects = self.share.lock();
            let b = objects.buffers.get(buffer);
            (b.is_some_and(|b| end.is_some_and(|e| e <= b.data.len())), b.is_some_and(|b| b.mapped_exclusively()))
        };
        if !self.check(fits && !mapped, GL_INVALID_OPERATION) {
            return;
        }
        let Some(v) = self.query_object_parameter(id, pname, ty) else { return };
        // Shaders may have written other parts of the buffer: keep them.
        self.read_back_shader_writes(buffer);
        let (bytes, n) = ty.bytes(v);
        let range = offset as usize..offset as usize + n;
        let mut objects = self.share.lock();
        if let Some(b) = objects.buffers.get_mut(buffer).filter(|b| range.end <= b.data.len()) {
            b.data[range].copy_from_slice(&bytes[..n]);
            b.touch();
        }
        drop(objects);
        self.state.dirty.insert(crate::state::Dirty::VERTEX_INPUT | crate::state::Dirty::UNIFORMS);
    }
}
