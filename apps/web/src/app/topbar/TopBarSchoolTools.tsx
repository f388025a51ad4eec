/**
 * The slot for the top bar's school tools: user search, add-school button and school picker
 * (Ctrl/Cmd+E), which the schools issue adds. Empty until then.
 */
export function TopBarSchoolTools() {
  return null;
}
