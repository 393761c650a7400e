from tutor.ui.home import render

render()
