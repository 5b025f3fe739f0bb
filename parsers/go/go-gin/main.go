// Service row go-gin: Gin (gin.Default(): Logger and Recovery middleware) with its JSON binding,
// as its documentation shows: c.ShouldBindJSON(&v) into an interface{} (gin's binding decodes with
// encoding/json unless built with a jsoniter/go_json tag); its error answers 400 with the message.
// POST /echo writes the value back with c.JSON(200, v). Default configuration (no body cap, gin's
// default release/debug mode as it starts). Gin's Recovery turns a handler's panic into 500; Go's
// fatal "goroutine stack exceeds limit" cannot be recovered and ends the process.
// Listens on 127.0.0.1:$PORT.
package main

import (
	"net/http"
	"os"

	"github.com/gin-gonic/gin"
)

func main() {
	r := gin.Default()
	r.POST("/parse", func(c *gin.Context) {
		var v interface{}
		if err := c.ShouldBindJSON(&v); err != nil {
			c.String(http.StatusBadRequest, err.Error())
			return
		}
		c.String(http.StatusOK, "ok")
	})
	r.POST("/echo", func(c *gin.Context) {
		var v interface{}
		if err := c.ShouldBindJSON(&v); err != nil {
			c.String(http.StatusBadRequest, err.Error())
			return
		}
		c.JSON(http.StatusOK, v)
	})
	r.GET("/health", func(c *gin.Context) {
		c.String(http.StatusOK, "ok")
	})
	r.Run("127.0.0.1:" + os.Getenv("PORT"))
}
