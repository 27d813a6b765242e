//! Pixel rectangles: the client-memory image layout and conversions
//! (`transfer`), `glReadPixels` (`read`), `glDrawPixels`/`glCopyPixels`/
//! `glBitmap` (`draw`) and the pixel maps (`map`).

pub mod draw;
pub mod map;
pub mod read;
pub mod transfer;
