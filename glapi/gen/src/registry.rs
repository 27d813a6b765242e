//! The parts of a Khronos registry XML (`gl.xml`, `glx.xml`, `egl.xml`) the
//! generator uses, read into plain owned data. All three files share the
//! schema: `<enums>/<enum>`, `<commands>/<command>`, `<feature>` and
//! `<extensions>/<extension>` with `<require>`/`<remove>` blocks.

use crate::Error;
use crate::ctype::CDecl;

pub struct Registry {
    /// Every `<enum>` in document order (duplicates included).
    pub enums: Vec<Enum>,
    /// Every `<command>` in document order.
    pub commands: Vec<Command>,
    pub features: Vec<Feature>,
    pub extensions: Vec<Extension>,
}

pub struct Enum {
    pub name: String,
    /// The `value` attribute verbatim: `0x1F00`, `-2`, `EGL_CAST(EGLint,-1)`.
    pub value: String,
    /// The `type` attribute: `u`, `ull`.
    pub ty: Option<String>,
    /// The enum's own `api`, or else its `<enums>` block's.
    pub api: Option<String>,
    /// Whether its `<enums>` block has `type="bitmask"`.
    pub bitmask: bool,
}

pub struct Command {
    pub name: String,
    pub ret: CDecl,
    pub params: Vec<Param>,
    /// `<alias name="...">`: the command this one is another name of (same
    /// signature and meaning).
    pub alias: Option<String>,
}

pub struct Param {
    /// The XML name, not yet made a Rust identifier.
    pub name: String,
    pub ty: CDecl,
}

pub struct Feature {
    pub api: String,
    pub name: String,
    pub number: String,
    pub blocks: Vec<Block>,
}

pub struct Extension {
    pub name: String,
    pub supported: String,
    pub blocks: Vec<Block>,
}

/// A `<require>` or `<remove>` block; only its commands are kept.
pub struct Block {
    pub remove: bool,
    pub profile: Option<String>,
    pub commands: Vec<String>,
}

impl Registry {
    pub fn parse(xml: &str, file: &str) -> Result<Registry, Error> {
        let doc =
            roxmltree::Document::parse(xml).map_err(|e| Error::new(format!("{file}: XML: {e}")))?;
        let root = doc.root_element();
        let mut reg = Registry {
            enums: Vec::new(),
            commands: Vec::new(),
            features: Vec::new(),
            extensions: Vec::new(),
        };
        for node in root.children().filter(|n| n.is_element()) {
            match node.tag_name().name() {
                "enums" => {
                    let block_api = node.attribute("api");
                    let bitmask = node.attribute("type") == Some("bitmask");
                    for e in elements(node, "enum") {
                        reg.enums.push(Enum {
                            name: attr(e, "name", file)?.to_owned(),
                            value: attr(e, "value", file)?.to_owned(),
                            ty: e.attribute("type").map(str::to_owned),
                            api: e.attribute("api").or(block_api).map(str::to_owned),
                            bitmask,
                        });
                    }
                }
                "commands" => {
                    for c in elements(node, "command") {
                        reg.commands.push(parse_command(c, file)?);
                    }
                }
                "feature" => reg.features.push(Feature {
                    api: attr(node, "api", file)?.to_owned(),
                    name: attr(node, "name", file)?.to_owned(),
                    number: attr(node, "number", file)?.to_owned(),
                    blocks: parse_blocks(node, file)?,
                }),
                "extensions" => {
                    for x in elements(node, "extension") {
                        reg.extensions.push(Extension {
                            name: attr(x, "name", file)?.to_owned(),
                            supported: attr(x, "supported", file)?.to_owned(),
                            blocks: parse_blocks(x, file)?,
                        });
                    }
                }
                _ => {}
            }
        }
        Ok(reg)
    }

    pub fn feature(&self, name: &str) -> Option<&Feature> {
        self.features.iter().find(|f| f.name == name)
    }
}

fn elements<'a, 'i>(
    node: roxmltree::Node<'a, 'i>,
    tag: &'static str,
) -> impl Iterator<Item = roxmltree::Node<'a, 'i>> {
    node.children().filter(move |n| n.has_tag_name(tag))
}

fn attr<'a>(node: roxmltree::Node<'a, '_>, name: &str, file: &str) -> Result<&'a str, Error> {
    node.attribute(name).ok_or_else(|| {
        let pos = node.document().text_pos_at(node.range().start);
        Error::new(format!(
            "{file}:{}: <{}> without `{name}`",
            pos.row,
            node.tag_name().name()
        ))
    })
}

/// Splits a `<proto>` or `<param>` into its `<name>` and the C type around it
/// (text and `<ptype>` children, in order).
fn parse_decl(node: roxmltree::Node, file: &str) -> Result<(String, CDecl), Error> {
    let mut name = None;
    let mut ty = String::new();
    for child in node.children() {
        if child.has_tag_name("name") {
            name = child.text().map(str::to_owned);
        } else if let Some(text) = child.text() {
            ty.push(' ');
            ty.push_str(text);
        }
    }
    let row = || node.document().text_pos_at(node.range().start).row;
    let name = name.ok_or_else(|| Error::new(format!("{file}:{}: no <name>", row())))?;
    let decl = CDecl::parse(&ty)
        .map_err(|e| Error::new(format!("{file}:{}: `{}`: {e}", row(), ty.trim())))?;
    Ok((name, decl))
}

fn parse_command(node: roxmltree::Node, file: &str) -> Result<Command, Error> {
    let proto = elements(node, "proto")
        .next()
        .ok_or_else(|| Error::new(format!("{file}: <command> without <proto>")))?;
    let (name, ret) = parse_decl(proto, file)?;
    let params = elements(node, "param")
        .map(|p| parse_decl(p, file).map(|(name, ty)| Param { name, ty }))
        .collect::<Result<_, _>>()?;
    let alias = elements(node, "alias")
        .next()
        .map(|a| attr(a, "name", file).map(str::to_owned))
        .transpose()?;
    Ok(Command {
        name,
        ret,
        params,
        alias,
    })
}

fn parse_blocks(node: roxmltree::Node, file: &str) -> Result<Vec<Block>, Error> {
    let mut blocks = Vec::new();
    for b in node.children().filter(|n| n.is_element()) {
        let remove = match b.tag_name().name() {
            "require" => false,
            "remove" => true,
            _ => continue,
        };
        let commands = elements(b, "command")
            .map(|c| attr(c, "name", file).map(str::to_owned))
            .collect::<Result<_, _>>()?;
        blocks.push(Block {
            remove,
            profile: b.attribute("profile").map(str::to_owned),
            commands,
        });
    }
    Ok(blocks)
}
