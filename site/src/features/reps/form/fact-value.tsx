import type { WebsiteFactField } from '#core/website-reading.ts'
import type { AgentTemplatesState } from '../agent/use-agent-templates.ts'
import { BusinessLogo } from '../ui/business-logo.tsx'
import { ColourSwatch } from '../ui/colour-swatch.tsx'

interface FactValueProps {
  field: WebsiteFactField
  value: string
  templates: AgentTemplatesState
  /** Whose logo it is, for its text alternative: "the proposed logo", "the current logo". */
  logoAlt: string
}

/**
 * A detail's value as a rep recognises it: a logo as the picture, a colour as a swatch beside its
 * #rrggbb, a kind of business by its label; any other as its text (text from a website is data).
 */
export function FactValue({ field, value, templates, logoAlt }: FactValueProps) {
  if (field === 'logo') return <BusinessLogo logo={value} size={40} alt={logoAlt} className="size-10" />
  if (field === 'theme_color') {
    return (
      <span className="inline-flex items-center gap-2">
        <ColourSwatch colour={value} />
        <span className="font-mono">{value}</span>
      </span>
    )
  }
  if (field === 'template') return <>{describeTemplate(value, templates)}</>
  return <>{value}</>
}

/** The kind of business's label; its name while the labels load or for one no longer offered. */
function describeTemplate(id: string, templates: AgentTemplatesState): string {
  if (templates.status !== 'done' || !templates.templates.set.has(id)) return id
  return templates.templates.set.get(id).source.label
}
