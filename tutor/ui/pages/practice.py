from tutor.ui.practice.page import render

render()
