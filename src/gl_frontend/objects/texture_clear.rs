//! Filling texture images with one value (ARB_clear_texture, GL 4.4): glClearTexImage and
//! glClearTexSubImage. The value is one pixel of (format, type), converted like a
//! glTexSubImage upload and written over the region of the host copy and the GPU image.

use crate::context::ContextState;
use crate::objects::bindings::PixelStore;
use crate::objects::texture_image::Region;
use crate::pixels::{self, HostTexels};
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

impl ContextState {
    /// glClearTexImage (`region` None: the whole level) and glClearTexSubImage (`region`
    /// is x, y, z, width, height, depth; z selects layers, or faces of a cube map).
    pub(crate) fn gl_clear_tex_image(&mut self, texture: GLuint, level: GLint, region: Option<[GLint; 6]>, format: GLenum, ty: GLenum, data: *const c_void) {
        let found = {
            let objects = self.share.lock();
            objects.textures.get(texture).filter(|_| texture != 0).map(|t| {
                let faces = t.faces.len();
                let image = if level >= 0 { t.face_level(0, level as usize).map(|i| (i.size(), i.format)) } else { None };
                (t.target, faces, image)
            })
        };
        let Some((target, faces, image)) = found else { return self.record_error(GL_INVALID_OPERATION) };
        if !self.check(target != GL_TEXTURE_BUFFER, GL_INVALID_OPERATION) || !self.check(level >= 0, GL_INVALID_VALUE) {
            return;
        }
        let Some((level_size, texel)) = image else { return self.record_error(GL_INVALID_OPERATION) };
        if !self.check(!texel.info.is_compressed(), GL_INVALID_OPERATION) {
            return;
        }
        if let Err(error) = pixels::check_upload(texel.info.internal_format, format, ty, self.format_api()) {
            return self.record_error(error);
        }
        // A cube map's faces are its layers here.
        let cube = faces == 6;
        let extent = if cube { [level_size[0], level_size[1], 6] } else { level_size };
        let [x, y, z, width, height, depth] = region.unwrap_or([0, 0, 0, extent[0] as GLint, extent[1] as GLint, extent[2] as GLint]);
        let offset = [x, y, z];
        let size = [width, height, depth];
        if !self.check(size.iter().all(|&s| s >= 0), GL_INVALID_VALUE) {
            return;
        }
        let fits = (0..3).all(|a| offset[a] >= 0 && offset[a] as i64 + size[a] as i64 <= extent[a] as i64);
        if !self.check(fits, GL_INVALID_VALUE) {
            return;
        }
        let bytes = texel.bytes_per_texel();
        let element = if data.is_null() {
            vec![0u8; bytes]
        } else {
            let client_bytes = match pixels::client_pixel_bytes(format, ty) {
                Ok(n) => n,
                Err(error) => return self.record_error(error),
            };
            // SAFETY: GL requires `data` to hold one pixel of `format` and `ty`.
            let source = unsafe { std::slice::from_raw_parts(data as *const u8, client_bytes) };
            let store = PixelStore { alignment: 1, ..PixelStore::default() };
            match pixels::unpack(&store, [1, 1, 1], format, ty, source, texel) {
                Ok(element) if element.len() == bytes => element,
                Ok(_) => return self.record_error(GL_INVALID_OPERATION),
                Err(error) => return self.record_error(error),
            }
        };
        if size.contains(&0) {
            return;
        }
        let (face_range, region) = if cube {
            let layer = Region { offset: [x as u32, y as u32, 0], size: [width as u32, height as u32, 1] };
            (z as usize..(z + depth) as usize, layer)
        } else {
            (0..1, Region { offset: offset.map(|o| o as u32), size: size.map(|s| s as u32) })
        };
        let texels = element.repeat(region.texel_count());
        for face in face_range {
            let gpu = self.share.lock().textures.get_mut(texture).map(|t| {
                if let Some(Some(image)) = t.faces.get_mut(face).and_then(|f| f.get_mut(level as usize)) {
                    crate::objects::texture_image::write_region(image, &region, &texels);
                }
                t.generation += 1;
                t.gpu.as_ref().map(|g| (g.clone(), t.target))
            });
            if let Some(Some((gpu, target))) = gpu {
                if let Err(e) = self.write_texture_region(&gpu, target, face, level as u32, &region, texel, &texels) {
                    return self.backend_failed(e);
                }
            }
        }
        self.texture_objects_changed(Dirty::NONE);
    }
}
