//! Sync objects (`GL_ARB_sync`, GL 4.6 §4.1): fences in the command stream
//! that the application waits for or queries.
//!
//! A fence signals when every command before it is complete. The backend
//! renders asynchronously (raster workers), so `glFenceSync` finishes the
//! context's queued work first and the fence is signaled from its creation:
//! waits return `GL_ALREADY_SIGNALED` and `GL_SYNC_STATUS` is
//! `GL_SIGNALED`, whichever context of the share group asks. That costs the
//! overlap of the application's thread with rendering at each fence, and is
//! what makes a fence right across contexts without reaching into another
//! context's backend.
//!
//! Handles are the addresses of the objects (as Mesa's), looked up before
//! any use, so a pointer that is not a live sync object gets
//! `GL_INVALID_VALUE` and is never dereferenced.

use std::collections::HashMap;

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::{GLenum, GLuint64};

use crate::context::Context;
use crate::debug::Label;
use crate::error::{ApiError, ApiResult};

/// `GL_MAX_SERVER_WAIT_TIMEOUT`, as Mesa reports it.
pub const MAX_SERVER_WAIT_TIMEOUT: i64 = 0x1fff_7fff_ffff;

/// One fence.
#[derive(Debug, Default)]
pub struct SyncObject {
    /// Its `glObjectPtrLabel` label.
    pub label: Label,
}

/// The sync objects of a share group, by handle.
#[derive(Debug, Default)]
pub struct Syncs {
    objects: HashMap<usize, Box<SyncObject>>,
}

impl Syncs {
    /// The object `handle` names, if any.
    pub fn get_mut(&mut self, handle: usize) -> Option<&mut SyncObject> {
        self.objects.get_mut(&handle).map(|b| &mut **b)
    }

    fn create(&mut self) -> usize {
        let object = Box::<SyncObject>::default();
        let handle = std::ptr::from_ref(&*object).addr();
        self.objects.insert(handle, object);
        handle
    }
}

impl Context {
    /// `glFenceSync`. GL 4.6 §4.1: INVALID_ENUM unless `condition` is
    /// `GL_SYNC_GPU_COMMANDS_COMPLETE`, INVALID_VALUE unless `flags` is 0
    /// (0 returned). The fence is signaled when this returns (module
    /// header).
    pub fn fence_sync(&mut self, condition: GLenum, flags: u32) -> ApiResult<usize> {
        self.outside_begin_end()?;
        if condition != GL_SYNC_GPU_COMMANDS_COMPLETE {
            return Err(ApiError::InvalidEnum);
        }
        if flags != 0 {
            return Err(ApiError::InvalidValue);
        }
        self.flush_vertices();
        self.finish()?;
        Ok(self.shared().syncs().create())
    }

    /// `glIsSync`.
    pub fn is_sync(&mut self, sync: usize) -> ApiResult<bool> {
        self.outside_begin_end()?;
        Ok(self.shared().syncs().get_mut(sync).is_some())
    }

    /// `glDeleteSync`: 0 is ignored; INVALID_VALUE for anything else that
    /// is not a sync object.
    pub fn delete_sync(&mut self, sync: usize) -> ApiResult {
        self.outside_begin_end()?;
        if sync == 0 {
            return Ok(());
        }
        let removed = self.shared().syncs().objects.remove(&sync);
        removed.map(drop).ok_or(ApiError::InvalidValue)
    }

    /// `glClientWaitSync`: INVALID_VALUE (and `GL_WAIT_FAILED`) for a
    /// handle that is not a sync object or flags other than
    /// `GL_SYNC_FLUSH_COMMANDS_BIT`; otherwise `GL_ALREADY_SIGNALED`.
    pub fn client_wait_sync(
        &mut self,
        sync: usize,
        flags: u32,
        _timeout: GLuint64,
    ) -> ApiResult<GLenum> {
        self.outside_begin_end()?;
        if self.shared().syncs().get_mut(sync).is_none() {
            return Err(ApiError::InvalidValue);
        }
        if flags & !GL_SYNC_FLUSH_COMMANDS_BIT != 0 {
            return Err(ApiError::InvalidValue);
        }
        Ok(GL_ALREADY_SIGNALED)
    }

    /// `glWaitSync`: INVALID_VALUE for a handle that is not a sync object,
    /// flags other than 0 or a timeout other than `GL_TIMEOUT_IGNORED`;
    /// nothing to wait for otherwise.
    pub fn wait_sync(&mut self, sync: usize, flags: u32, timeout: GLuint64) -> ApiResult {
        self.outside_begin_end()?;
        if self.shared().syncs().get_mut(sync).is_none()
            || flags != 0
            || timeout != GL_TIMEOUT_IGNORED
        {
            return Err(ApiError::InvalidValue);
        }
        Ok(())
    }

    /// `glGetSynciv`: the value of `pname` (INVALID_VALUE for a handle that
    /// is not a sync object, INVALID_ENUM for another `pname`).
    pub fn get_sync(&mut self, sync: usize, pname: GLenum) -> ApiResult<i32> {
        self.outside_begin_end()?;
        if self.shared().syncs().get_mut(sync).is_none() {
            return Err(ApiError::InvalidValue);
        }
        Ok(match pname {
            GL_OBJECT_TYPE => GL_SYNC_FENCE as i32,
            GL_SYNC_STATUS => GL_SIGNALED as i32,
            GL_SYNC_CONDITION => GL_SYNC_GPU_COMMANDS_COMPLETE as i32,
            GL_SYNC_FLAGS => 0,
            _ => return Err(ApiError::InvalidEnum),
        })
    }
}
