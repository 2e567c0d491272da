// The default theme, with the few changes that make every page pass axe (see custom.css).
import DefaultTheme from 'vitepress/theme'
import './custom.css'

export default DefaultTheme
